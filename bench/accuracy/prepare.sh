#!/usr/bin/env bash
# Prepares a fetched corpus for the accuracy harness. Idempotent. Changes no source file.
# Usage: bench/accuracy/prepare.sh <registry> <corpus-dir>
#   pypi:   pyrightconfig.json with src/ as an extra search path (src layouts), so that
#           scip-python resolves `import pkg` in tests/ and examples/ to the package's own code
#   npm:    tsconfig.json for the shipped src/ (an existing one is kept as tsconfig.orig.json
#           and extended), and .plumbignore for the built files (what a checkout's .gitignore
#           would leave out): all but src/ where the package ships one, else dist/
#   crates: .plumbignore for target/
set -euo pipefail
registry=$1
dir=$2
case "$registry" in
  pypi)
    if [ -d "$dir/src" ] && [ ! -f "$dir/pyrightconfig.json" ]; then
      echo '{"extraPaths": ["src"]}' > "$dir/pyrightconfig.json"
    fi
    ;;
  npm)
    if [ ! -f "$dir/.accuracy-tsconfig" ]; then
      extends=""
      if [ -f "$dir/tsconfig.json" ]; then
        mv "$dir/tsconfig.json" "$dir/tsconfig.orig.json"
        extends='"extends": "./tsconfig.orig.json",'
      fi
      cat > "$dir/tsconfig.json" <<JSON
{ $extends
  "compilerOptions": {"noEmit": true, "skipLibCheck": true, "experimentalDecorators": true,
                      "target": "esnext", "moduleResolution": "node", "lib": ["esnext", "dom"]},
  "include": ["src/**/*.ts", "src/**/*.tsx"], "exclude": ["dist", "node_modules"] }
JSON
      touch "$dir/.accuracy-tsconfig"
    fi
    # A package that ships its sources in src/ often ships their build beside them at the
    # root (`core.js`, `core.d.ts`): plumb reads src/ only, as the tsconfig above does.
    if [ -d "$dir/src" ]; then printf '/*\n!/src/\n' > "$dir/.plumbignore"
    else printf 'dist/\n' > "$dir/.plumbignore"; fi
    ;;
  crates)
    printf 'target/\n' > "$dir/.plumbignore"
    ;;
  *) echo "unknown registry $registry" >&2; exit 2 ;;
esac
