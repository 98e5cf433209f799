# Sourced by bench/languages.sh and bench/table_digests.sh: one real project per language,
# from a registry or Debian, at a pinned version, and the function that fetches one.
# Needs: $work (where corpora are unpacked).

# language | source | package | version | subdirectory indexed
projects=(
  "python|pypi|click|8.1.7|."
  "typescript|npm|rxjs|7.8.1|src"
  "javascript|npm|express|5.1.0|."
  "rust|crates|regex-automata|0.4.9|."
  "c|crates|zstd-sys|2.1.3+zstd.1.5.7|zstd/lib"
  "cpp|debian|googletest|1.12.1-0.2|usr/src/googletest"
  "go|debian|golang-github-spf13-cobra-dev|1.6.1-1|usr/share/gocode/src/github.com/spf13/cobra"
  "java|npm|@capacitor/android|6.1.2|capacitor/src"
  "kotlin|npm|react-native-screens|4.30.1|android"
  "csharp|pypi|pythonnet|3.2.1|src"
  "php|debian|php-league-commonmark|2.3.9-1+deb12u1|usr/share/php/League/CommonMark"
  "ruby|debian|ruby-rack|2.2.22-0+deb12u2|usr/share/rubygems-integration/all/gems/rack-2.2.22"
  "swift|npm|expo-modules-core|58.1.0|ios"
)

fetch() {
  local source=$1 name=$2 version=$3 dest=$4 tmp
  tmp=$(mktemp -d)
  case "$source" in
    pypi)
      python3 -m pip download --quiet --no-deps --no-binary :all: --no-build-isolation -d "$tmp" "$name==$version" > /dev/null 2>&1 \
        || python3 -m pip download --quiet --no-deps --no-binary :all: -d "$tmp" "$name==$version" > /dev/null
      mkdir -p "$dest" && tar -xzf "$tmp"/*.tar.gz -C "$dest" --strip-components=1 ;;
    npm)
      (cd "$tmp" && npm pack --silent "$name@$version" > /dev/null)
      mkdir -p "$dest" && tar -xzf "$tmp"/*.tgz -C "$dest" --strip-components=1 ;;
    crates)
      mkdir -p "$tmp/src" && : > "$tmp/src/lib.rs"
      printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n%s = "=%s"\n' "$name" "$version" > "$tmp/Cargo.toml"
      (cd "$tmp" && cargo vendor --quiet --versioned-dirs vendor > /dev/null)
      mv "$tmp/vendor/$name-$version" "$dest" ;;
    debian)
      (cd "$tmp" && apt-get download "$name=$version" > /dev/null 2>&1)
      mkdir -p "$dest" && dpkg -x "$tmp"/*.deb "$dest" ;;
  esac
  rm -rf "$tmp"
}

# Prints the directory indexed for one row of `projects`, fetching the project first if absent.
corpus_dir() {
  local language source name version subdir dest
  IFS='|' read -r language source name version subdir <<< "$1"
  dest="$work/$(echo "$name" | tr '/@' '__')-$version"
  [ -d "$dest" ] || fetch "$source" "$name" "$version" "$dest"
  echo "$dest/$subdir"
}
