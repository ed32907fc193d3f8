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
    # mirror may lack; the exact version is what must match.
    cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version"
fi
if [[ ! -x node_modules/.bin/wasm-opt ]]; then
    npm ci --no-audit --no-fund --silent
fi

rm -rf dist
mkdir -p dist/pkg
# module name, cargo profile, wasm-opt level, features: the tabled boards
# for size, the searched ones for speed.
modules=(
    "tabled small -Oz "
    "large small -Oz large"
    "fifteen release -O3 fifteen"
    "searched release -O3 searched"
)
wasm_features=(--enable-bulk-memory --enable-multivalue --enable-mutable-globals
    --enable-nontrapping-float-to-int --enable-reference-types --enable-sign-ext)
for module in "${modules[@]}"; do
    read -r name profile level features <<<"$module"
    echo "building the $name module"
    cargo build --quiet --lib --target wasm32-unknown-unknown --profile "$profile" \
        --features "$features"
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
        --out-dir dist/pkg --out-name "$name" \
        "target/wasm32-unknown-unknown/$profile/puzzle_oracle_web.wasm"
    node_modules/.bin/wasm-opt "$level" "${wasm_features[@]}" \
        "dist/pkg/${name}_bg.wasm" -o "dist/pkg/${name}_bg.wasm"
done
cp static/* dist/
ls -l dist/pkg/*.wasm
