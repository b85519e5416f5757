#!/usr/bin/env bash
# Builds CurveKit's engine for the web into .build/web/: the same Sources/ files the native
# build compiles, for wasm32 with Embedded Swift, module by module, linked by wasm-ld.
#
#   scripts/build-web.sh            build .build/web/curvekit-core.wasm
#
# What it needs: the Swift toolchain on PATH (its swiftc, clang and wasm-ld; Embedded Swift's
# standard library for wasm32-unknown-none-wasm ships with it), and two Debian packages,
# installed through scripts/apt-ensure.sh: wasi-libc (musl's libm for wasm32, which supplies
# cbrt, cos, … — see Sources/CurveCore/LibM+Embedded.swift) and binaryen (wasm-opt -Oz).
#
# Modules compiled, in dependency order (each from its own Sources/ folder, nothing copied):
# CurveCore, CurveFitting (LAPACK.swift's native body is compiled out; LAPACK+Swift.swift is
# the first solve), then Web/CurveWeb, the exports. Usage:
#   scripts/build-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/apt-ensure.sh wasi-libc binaryen

swiftc_path=$(command -v swiftc) || {
  echo "error: swiftc is not on PATH" >&2
  exit 2
}
bin=$(dirname "$(readlink -f "$swiftc_path")")
for tool in clang wasm-ld; do
  [ -x "$bin/$tool" ] || {
    echo "error: $bin/$tool is missing: the Swift toolchain's $tool is needed for wasm32" >&2
    exit 2
  }
done
libm=/usr/lib/wasm32-wasi/libm.a
[ -f "$libm" ] || {
  echo "error: $libm is missing (Debian package wasi-libc)" >&2
  exit 2
}

out=.build/web
mkdir -p "$out/modules" "$out/objects"

swift_flags=(
  -target wasm32-unknown-none-wasm
  -enable-experimental-feature Embedded -enable-experimental-feature Extern
  -wmo -parse-as-library -Osize -Xfrontend -disable-stack-protector
  -package-name CurveKit -swift-version 6 -warnings-as-errors
  -I "$out/modules"
)

# compile MODULE FILE…: one module, one object, its .swiftmodule for the next. Skipped when
# the object is newer than its files, this script and every module compiled before it.
compiled=()
compile() {
  local module=$1
  shift
  local object="$out/objects/$module.o" stale=0 file
  for file in "$@" "$0" "${compiled[@]}"; do [ "$file" -nt "$object" ] && stale=1; done
  compiled+=("$object")
  if [ $stale -eq 0 ]; then
    echo "web: $module is up to date" >&2
    return
  fi
  echo "web: compiling $module ($# files)" >&2
  "$swiftc_path" "${swift_flags[@]}" -module-name "$module" \
    -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
    -c "$@" -o "$out/objects/$module.o"
}

compile CurveCore $(find Sources/CurveCore -name '*.swift' | sort)
compile CurveFitting Sources/CurveFitting/*.swift
compile CurveWeb Web/CurveWeb/*.swift

"$bin/clang" --target=wasm32-unknown-unknown -Os -nostdlib -ffreestanding -Wall -Werror \
  -c Web/runtime.c -o "$out/objects/runtime.o"

exports=()
while read -r name; do exports+=("--export=$name"); done < <(
  grep -ohE '@_expose\(wasm, "[a-z_]+"\)' Web/CurveWeb/*.swift | sed -E 's/.*"([a-z_]+)".*/\1/' | sort -u
)
"$bin/wasm-ld" --no-entry --gc-sections --strip-all "${exports[@]}" \
  "$out/objects/CurveCore.o" "$out/objects/CurveFitting.o" "$out/objects/CurveWeb.o" "$out/objects/runtime.o" \
  "$libm" -o "$out/curvekit-core.raw.wasm"
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
  "$out/curvekit-core.raw.wasm" -o "$out/curvekit-core.wasm"
cp Web/curvekit-core.mjs "$out/curvekit-core.mjs"
raw=$(wc -c <"$out/curvekit-core.wasm")
zipped=$(gzip -9 -c "$out/curvekit-core.wasm" | wc -c)
echo "web: $out/curvekit-core.wasm, $raw bytes ($zipped gzipped)"
