#!/usr/bin/env bash
# Builds the page into web/dist/: the crate compiled to WebAssembly as four
# modules (the boards up to 9 cells; 2x5 and 5x2; 4x4; the other searched
# boards), their JavaScript bindings, and the static files. Installs what
# it needs: the wasm32 target, wasm-bindgen's CLI at the version the crate
# pins, and binaryen's wasm-opt (from npm).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]]; then
    echo "installing wasm-bindgen-cli $bindgen_version"
    # Not --locked: its lock file names a webpki-roots that the registry
    # mirror may lack; the exact version is what must match. Only the
    # `wasm-bindgen` binary, without the test runner's TLS stack: 192 s
    # to install instead of 314 s.
    cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version" \
        --no-default-features --bin wasm-bindgen
fi
if [[ ! -x node_modules/.bin/wasm-opt ]]; then
    npm ci --no-audit --no-fund --silent
fi

rm -rf dist
mkdir -p dist/pkg
# module name, rustc and wasm-opt levels, features: the tabled boards for
# size, with their multi-tile tables; the searched ones for speed. Every module is built in the release
# profile, its opt-level set from the environment: a profile of its own
# would compile the build script and the host crates again in a target
# directory of their own (about 100 s from clean).
modules=(
    "tabled z -Oz multi-tile"
    "large z -Oz large multi-tile"
    "fifteen 3 -O3 fifteen"
    "searched 3 -O3 searched"
)
wasm_features=(--enable-bulk-memory --enable-multivalue --enable-mutable-globals
    --enable-nontrapping-float-to-int --enable-reference-types --enable-sign-ext)
names=()
for module in "${modules[@]}"; do
    read -r name opt_level level features <<<"$module"
    names+=("$name")
    echo "building the $name module"
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level \
        cargo build --quiet --lib --target wasm32-unknown-unknown --release --features "$features"
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
        --out-dir dist/pkg --out-name "$name" \
        target/wasm32-unknown-unknown/release/puzzle_oracle_web.wasm
    node_modules/.bin/wasm-opt "$level" "${wasm_features[@]}" \
        "dist/pkg/${name}_bg.wasm" -o "dist/pkg/${name}_bg.wasm"
done
cp static/* dist/
# The page's list of boards, from the modules themselves. The modules'
# JavaScript is ES modules: node reads them as such under dist/pkg.
echo '{"type": "module"}' >dist/pkg/package.json
node list-boards.mjs "${names[@]}"
ls -l dist/pkg/*.wasm
