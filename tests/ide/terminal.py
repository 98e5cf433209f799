"""Drives `plumb ide` on a pseudo-terminal, as a person would: the selector
lists the detected clients (all selected), space unselects the first,
Enter confirms. Usage: terminal.py PLUMB_BIN REPO HOME. Prints what the
terminal showed; exits with plumb's status."""

import os
import pty
import select
import sys
import time

# Longest wait for the selector to draw or plumb to finish. Chosen: plumb
# draws in milliseconds; this only bounds a hang.
WAIT_S = 20


def main():
    binary, repo, home = sys.argv[1:4]
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(repo)
        env = {
            "HOME": home,
            "PATH": home,  # no client programs: only the directories made here count
            "TERM": "xterm",
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "CODEX_HOME": os.path.join(home, "codex"),
        }
        os.execve(binary, [binary, "ide"], env)
    shown = b""

    def read_until(needle):
        nonlocal shown
        end = time.time() + WAIT_S
        while needle not in shown and time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    shown += os.read(fd, 4096)
                except OSError:
                    return

    read_until(b"Configure plumb for")
    read_until(b"Kiro")
    os.write(fd, b" ")  # unselect the first client listed (Cursor)
    time.sleep(0.2)
    os.write(fd, b"\r")
    read_until(b"added")
    read_until(b"\n\n")
    _, status = os.waitpid(pid, 0)
    print(shown.decode(errors="replace"))
    sys.exit(os.waitstatus_to_exitcode(status))


main()
