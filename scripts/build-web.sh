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
# the first solve), CurveSpec, CurveEasing, Foundation (Web/Foundation: the slice of
# Foundation's Date the schedule uses), CurveSchedule, CurvePipeline, CurveCodegen (its
# embedded kernels generated from Package.swift's list by scripts/web/embed-resources.sh),
# CurveDesign, CurveStudio's API (the studio's answers, without its HTTP server), CurveKitCLI
# (every command but `design`), then Web/CurveWeb, the exports. The C library is Debian's wasi-libc (Web/WASILibc is its Clang
# module), so file and stream code is the native POSIX code, over WASI calls the host gives.
# Usage:
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
# Embedded Swift's Unicode tables (String comparison, normalization, grapheme breaks).
unicode_tables="$bin/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
[ -f "$unicode_tables" ] || {
  echo "error: $unicode_tables is missing from the Swift toolchain" >&2
  exit 2
}
libc_dir=/usr/lib/wasm32-wasi
sysroot_include=/usr/include/wasm32-wasi
for file in "$libc_dir/libc.a" "$libc_dir/libm.a" "$libc_dir/crt1-reactor.o" "$sysroot_include/stdio.h"; do
  [ -f "$file" ] || {
    echo "error: $file is missing (Debian package wasi-libc)" >&2
    exit 2
  }
done

out=.build/web        # the site: engine, node entry point and studio page (what Pages publishes)
work=.build/web-work  # modules and objects
mkdir -p "$out/studio" "$work/modules" "$work/objects"

swift_flags=(
  -target wasm32-unknown-none-wasm
  -enable-experimental-feature Embedded -enable-experimental-feature Extern
  -wmo -parse-as-library -Osize -Xfrontend -disable-stack-protector
  -package-name CurveKit -swift-version 6 -warnings-as-errors
  -I "$work/modules" -I Web/WASILibc -Xcc -isystem -Xcc "$sysroot_include" -Xcc -D__wasi__
)

# compile MODULE FILE…: one module, one object, its .swiftmodule for the next. Skipped when
# the object is newer than its files, this script, the C module and every module compiled
# before it. Files not ending in .swift are inputs to that check only.
compiled=()
compile() {
  local module=$1
  shift
  local object="$work/objects/$module.o" stale=0 file
  local sources=()
  for file in "$@" "$0" Web/WASILibc/* "${compiled[@]}"; do [ "$file" -nt "$object" ] && stale=1; done
  for file in "$@"; do [[ "$file" == *.swift ]] && sources+=("$file"); done
  compiled+=("$object")
  if [ $stale -eq 0 ]; then
    echo "web: $module is up to date" >&2
    return
  fi
  echo "web: compiling $module (${#sources[@]} files)" >&2
  "$swiftc_path" "${swift_flags[@]}" -module-name "$module" \
    -emit-module -emit-module-path "$work/modules/$module.swiftmodule" \
    -c "${sources[@]}" -o "$work/objects/$module.o"
}

scripts/web/embed-resources.sh CurveCodegen "$work/objects/CurveCodegenResources.swift.new"
cmp -s "$work/objects/CurveCodegenResources.swift.new" "$work/objects/CurveCodegenResources.swift" \
  || mv "$work/objects/CurveCodegenResources.swift.new" "$work/objects/CurveCodegenResources.swift"
rm -f "$work/objects/CurveCodegenResources.swift.new"

compile CurveCore $(find Sources/CurveCore -name '*.swift' | sort)
compile CurveFitting Sources/CurveFitting/*.swift
compile CurveSpec Sources/CurveSpec/*.swift
compile CurveEasing Sources/CurveEasing/*.swift
compile Foundation Web/Foundation/*.swift
compile CurveSchedule Sources/CurveSchedule/*.swift
compile CurvePipeline Sources/CurvePipeline/*.swift
compile CurveCodegen Sources/CurveCodegen/*.swift "$work/objects/CurveCodegenResources.swift"
compile CurveDesign Sources/CurveDesign/*.swift
compile CurveStudio Sources/CurveStudio/StudioAPI*.swift Sources/CurveStudio/StudioLibrary.swift
compile CurveKitCLI Sources/CurveKitCLI/*.swift Sources/CurveKitCLI/Commands/*.swift
compile CurveWeb Web/CurveWeb/*.swift

"$bin/clang" --target=wasm32-unknown-unknown -Os -nostdlib -ffreestanding -Wall -Werror \
  -c Web/runtime.c -o "$work/objects/runtime.o"

exports=()
while read -r name; do exports+=("--export=$name"); done < <(
  grep -ohE '@_expose\(wasm, "[a-z_]+"\)' Web/CurveWeb/*.swift | sed -E 's/.*"([a-z_]+)".*/\1/' | sort -u
)
modules=(CurveCore CurveFitting CurveSpec CurveEasing Foundation CurveSchedule CurvePipeline CurveCodegen CurveDesign
  CurveStudio CurveKitCLI CurveWeb)
objects=()
for module in "${modules[@]}"; do objects+=("$work/objects/$module.o"); done
"$bin/wasm-ld" --no-entry --gc-sections --strip-all -z stack-size=8388608 "${exports[@]}" --export=_initialize \
  "$libc_dir/crt1-reactor.o" "${objects[@]}" "$work/objects/runtime.o" \
  "$unicode_tables" "$libc_dir/libc.a" "$libc_dir/libm.a" -o "$work/curvekit-core.raw.wasm"
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
  "$work/curvekit-core.raw.wasm" -o "$out/curvekit-core.wasm"
cp Web/curvekit-core.mjs Web/studio-engine.mjs Web/curvekit.mjs "$out/"
# The studio page: the same files `curvekit design` serves (embedded there), here for any
# static server. Its tests stay behind.
assets=Sources/CurveStudio/Assets
cp "$assets/index.html" "$assets/studio.css" "$out/"
rm -f "$out"/studio/*.mjs
cp "$assets"/studio/*.mjs "$out/studio/"
raw=$(wc -c <"$out/curvekit-core.wasm")
zipped=$(gzip -9 -c "$out/curvekit-core.wasm" | wc -c)
echo "web: $out/curvekit-core.wasm, $raw bytes ($zipped gzipped)"
