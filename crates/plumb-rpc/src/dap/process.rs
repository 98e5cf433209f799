//! Ending a debug session's processes, all of them: the adapter, every
//! process descended from it (a launcher, the debuggee, what the debuggee
//! started) and every member of their process groups (debugpy's launcher
//! puts the debuggee in a group of its own; a child whose parent died is
//! no longer a descendant, but it stays in its group). Read from `/proc`,
//! killed with SIGKILL, and rescanned until nothing is left, so that a
//! process forked during the kill is caught too.

use std::collections::BTreeSet;

/// Rounds of scan-and-kill before giving up on processes that keep
/// appearing. Chosen: one round is enough unless something forks during
/// the kill; a fork bomb under a debugger is not worth more.
const KILL_ROUNDS: usize = 20;

/// One process as `/proc/PID/stat` describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProcessInfo {
    /// Its id.
    pub pid: u32,
    /// Its parent's id.
    pub ppid: u32,
    /// Its process group.
    pub pgrp: u32,
    /// Its state letter (`Z` for a zombie, which holds nothing but its
    /// entry in the table).
    pub state: char,
}

/// Parses the text of `/proc/PID/stat`: the command name is in
/// parentheses and may hold spaces and parentheses itself, so fields are
/// read after the last `)`.
pub fn parse_stat(text: &str) -> Option<ProcessInfo> {
    let (head, tail) = text.rsplit_once(')')?;
    let pid = head.split_once('(')?.0.trim().parse().ok()?;
    let mut fields = tail.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some(ProcessInfo {
        pid,
        ppid,
        pgrp,
        state,
    })
}

/// Every process in `/proc` now (those that vanish while being read are
/// left out).
pub fn processes() -> Vec<ProcessInfo> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            entry.file_name().to_str()?.parse::<u32>().ok()?;
            let text = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            parse_stat(&text)
        })
        .collect()
}

/// The processes to end in `table`: the `roots`, their descendants, the
/// members of all their process groups, and so on to a fixpoint; never
/// `spared_pid` or a member of `spared_group` (plumb itself), nor pid 1.
/// Zombies are included: they are dead, but may be plumb's to reap.
pub fn doomed(
    table: &[ProcessInfo],
    roots: &[u32],
    spared_pid: u32,
    spared_group: u32,
) -> BTreeSet<u32> {
    let spared = |p: &ProcessInfo| p.pid == spared_pid || p.pgrp == spared_group || p.pid <= 1;
    let mut pids: BTreeSet<u32> = roots.iter().copied().collect();
    let mut groups: BTreeSet<u32> = BTreeSet::new();
    loop {
        let before = (pids.len(), groups.len());
        for process in table.iter().filter(|p| !spared(p)) {
            if pids.contains(&process.pid) {
                groups.insert(process.pgrp);
            }
            if pids.contains(&process.ppid) || groups.contains(&process.pgrp) {
                pids.insert(process.pid);
            }
        }
        if (pids.len(), groups.len()) == before {
            break;
        }
    }
    table
        .iter()
        .filter(|p| pids.contains(&p.pid) && !spared(p))
        .map(|p| p.pid)
        .collect()
}

/// Makes this process the reaper of its orphaned descendants (Linux's
/// `PR_SET_CHILD_SUBREAPER`): a process whose parent (an adapter) is
/// killed is then re-parented to plumb, which reaps it, instead of to the
/// machine's init, which may leave it a zombie forever. Idempotent.
pub fn become_subreaper() {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument
    // and only sets a flag of this process.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
}

/// Longest wait for a killed child of plumb to be reaped. Chosen: a killed
/// process is gone within milliseconds; the bound only guards a stuck one.
const REAP_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Kills `roots` and everything [`doomed`] with them, with SIGKILL, until
/// none is left; then reaps those that are plumb's own children (with
/// [`become_subreaper`], the orphans among them too). Returns how many
/// processes were signalled.
pub fn kill_all(roots: &[u32]) -> usize {
    let own_pid = std::process::id();
    // SAFETY: getpgrp has no preconditions and cannot fail.
    let own_group = unsafe { libc::getpgrp() } as u32;
    let mut signalled = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for _ in 0..KILL_ROUNDS {
        let table = processes();
        let targets = doomed(&table, roots, own_pid, own_group);
        seen.extend(targets.iter().copied());
        let living: Vec<u32> = table
            .iter()
            .filter(|p| targets.contains(&p.pid) && p.state != 'Z')
            .map(|p| p.pid)
            .collect();
        if living.is_empty() {
            break;
        }
        for pid in &living {
            let Ok(raw) = libc::pid_t::try_from(*pid) else {
                continue;
            };
            // SAFETY: kill with a positive pid and a valid signal only sends
            // a signal; a process that is already gone makes it fail, harmlessly.
            unsafe { libc::kill(raw, libc::SIGKILL) };
            signalled.insert(*pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let deadline = std::time::Instant::now() + REAP_WAIT;
    for pid in &seen {
        while !reap(*pid) && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    signalled.len()
}

/// Collects `pid`'s exit status if it is plumb's child, so that it leaves
/// no zombie. True when there is nothing (more) to wait for: reaped, or
/// not plumb's child.
fn reap(pid: u32) -> bool {
    let Ok(raw) = libc::pid_t::try_from(pid) else {
        return true;
    };
    let mut status = 0;
    // SAFETY: waitpid with WNOHANG on a pid that is not our child returns
    // -1 (ECHILD) and touches nothing but `status`.
    let reaped = unsafe { libc::waitpid(raw, &mut status, libc::WNOHANG) };
    reaped != 0
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    use super::*;

    fn info(pid: u32, ppid: u32, pgrp: u32) -> ProcessInfo {
        ProcessInfo {
            pid,
            ppid,
            pgrp,
            state: 'S',
        }
    }

    #[test]
    fn stat_lines_with_odd_command_names_parse() {
        let line = "4242 (we ird) (name)) S 17 4242 4242 0 -1 4194560";
        assert_eq!(parse_stat(line), Some(info(4242, 17, 4242)));
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn descendants_and_their_groups_are_doomed_but_plumb_is_spared() {
        let table = [
            info(10, 1, 10),  // plumb
            info(20, 10, 20), // adapter, own group
            info(30, 20, 30), // launcher
            info(40, 30, 40), // debuggee, own group
            info(41, 1, 40),  // debuggee's orphaned child, still in its group
            info(50, 10, 10), // another child of plumb, plumb's group
            info(60, 1, 60),  // unrelated
        ];
        let doomed = doomed(&table, &[20], 10, 10);
        assert_eq!(doomed.into_iter().collect::<Vec<_>>(), [20, 30, 40, 41]);
    }

    #[test]
    fn a_process_group_is_killed_whole() {
        let mut leader = Command::new("sh")
            .args(["-c", "sleep 30 & sleep 30 & wait"])
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = leader.id();
        let started = std::time::Instant::now();
        while processes().iter().filter(|p| p.pgrp == pid).count() < 3 {
            assert!(
                started.elapsed().as_secs() < 10,
                "the children never started"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let killed = kill_all(&[pid]);
        let _ = leader.wait();
        assert_eq!(killed, 3);
        let left: Vec<_> = processes()
            .into_iter()
            .filter(|p| p.pgrp == pid && p.state != 'Z')
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
