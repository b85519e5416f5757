#!/usr/bin/env bash
# Builds a self-contained Linux x86-64 `curvekit`, for machines with no Swift toolchain and no
# LAPACK: .build/dist/curvekit-VERSION-linux-x86_64.tar.gz, holding curvekit-VERSION/curvekit
# (and LICENSE when the repository has one).
#
#   - The Swift runtime and Foundation are linked statically (--static-swift-stdlib), libstdc++
#     and libgcc too.
#   - LAPACK and BLAS are linked statically: CLAPACK's `link "lapack"` finds, in a directory
#     searched before the system's, only static archives: Debian's liblapack.a (the one the
#     lapack alternative names, OpenBLAS's by default, which holds BLAS too) and libopenblas.a,
#     with gfortran's runtime and libquadmath (which they need) static as well.
#   - So `ldd` lists the C library's own objects only (libc, libm, ld-linux; libpthread/libdl
#     where glibc still splits them), which the script checks before packing.
#   - VERSION is the one the binary prints for `curvekit --version` (CurveKitCommandLine.version).
#
# The release build goes to its own scratch path (.build/package), so it never disturbs the
# debug or release builds; the first run is cold. Needs Debian's liblapack-dev or
# libopenblas-dev (static archives) and libgfortran-12-dev (scripts/apt-ensure.sh installs it).
# scripts/check-package.sh builds this and runs it in a bare environment.
# Prints the archive's path on the last line of stdout.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

if [[ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]]; then
  echo "error: scripts/package.sh builds the Linux x86-64 binary, and this is $(uname -s) $(uname -m)" >&2
  exit 2
fi
scripts/apt-ensure.sh libgfortran-12-dev >&2

multiarch=/usr/lib/x86_64-linux-gnu
gccdir="$(dirname "$(gcc -print-libgcc-file-name 2>/dev/null || echo /usr/lib/gcc/x86_64-linux-gnu/12/libgcc.a)")"
# The first existing archive among the arguments.
first() {
  local path
  for path in "$@"; do
    [[ -f "$path" ]] && { readlink -f "$path"; return 0; }
  done
  return 1
}
lapack="$(first "$multiarch/liblapack.a" "$multiarch/openblas-pthread/liblapack.a" "$multiarch/lapack/liblapack.a")" \
  || { echo "error: no static LAPACK (liblapack.a); install liblapack-dev or libopenblas-dev" >&2; exit 2; }
openblas="$(first "$multiarch/libopenblas.a" "$multiarch/openblas-pthread/libopenblas.a" "$multiarch/libblas.a")" \
  || { echo "error: no static BLAS (libopenblas.a); install libopenblas-dev" >&2; exit 2; }
gfortran="$(first "$gccdir/libgfortran.a")" \
  || { echo "error: no static gfortran runtime (libgfortran.a); install libgfortran-12-dev" >&2; exit 2; }
quadmath="$(first "$gccdir/libquadmath.a")" \
  || { echo "error: no static libquadmath.a; install libgfortran-12-dev" >&2; exit 2; }
stdcxx="$(first "$gccdir/libstdc++.a")" \
  || { echo "error: no static libstdc++.a; install libstdc++-12-dev" >&2; exit 2; }

scratch="$repo/.build/package"
archives="$scratch/static-libs"
mkdir -p "$archives"
# Only static libraries here, so `-llapack` and `-lstdc++` resolve to them before the system's
# .so. liblapack.a is a linker script: one group of LAPACK, BLAS and the Fortran runtime, so
# the archives resolve each other whatever order the driver passes them in.
rm -f "$archives"/*.a
{
  echo "/* written by scripts/package.sh: LAPACK, BLAS and the Fortran runtime, statically */"
  echo "GROUP ( $lapack $(
    [[ "$openblas" != "$lapack" ]] && printf '%s ' "$openblas"
  )$gfortran $quadmath -lpthread -lm )"
} >"$archives/liblapack.a"
ln -sfn "$stdcxx" "$archives/libstdc++.a"
# CLAPACK's pkg-config name, `lapack`, points here first (the system's lapack.pc adds the
# OpenBLAS directory, whose liblapack.so the linker would otherwise take).
mkdir -p "$archives/pkgconfig"
printf 'Name: lapack\nDescription: LAPACK, BLAS and the Fortran runtime, statically (scripts/package.sh)\nVersion: 3\nLibs: -L%s -llapack\nCflags: -I/usr/include/x86_64-linux-gnu\n' \
  "$archives" >"$archives/pkgconfig/lapack.pc"
export PKG_CONFIG_PATH="$archives/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

echo "==> building curvekit (release, static Swift runtime, static LAPACK/BLAS)" >&2
swift build -c release --product curvekit --scratch-path "$scratch" --static-swift-stdlib \
  -Xswiftc -warnings-as-errors \
  -Xlinker -L"$archives" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc >&2
binary="$scratch/release/curvekit"

# Nothing but the C library's own objects may be loaded.
libraries="$(ldd "$binary" | awk '{print $1}' | sed 's|.*/||')"
foreign="$(grep -vE '^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1)$' \
  <<<"$libraries" || true)"
if [[ -n "$foreign" ]]; then
  echo "error: the packaged curvekit still links $(tr '\n' ' ' <<<"$foreign")(ldd: $(tr '\n' ' ' <<<"$libraries"))" >&2
  exit 1
fi

version="$("$binary" --version | awk '{print $2}')"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || { echo "error: curvekit --version printed '$version'" >&2; exit 1; }
name="curvekit-$version-linux-x86_64"
dist="$repo/.build/dist"
stage="$(mktemp -d "${TMPDIR:-/tmp}/curvekit-package.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/curvekit-$version" "$dist"
install -m 0755 "$binary" "$stage/curvekit-$version/curvekit"
strip "$stage/curvekit-$version/curvekit"
[[ -f LICENSE ]] && install -m 0644 LICENSE "$stage/curvekit-$version/LICENSE"
# Deterministic archive: fixed order, owner and time (the commit's), no timestamps of the build.
stamp="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$stage" -cf - "curvekit-$version" \
  | gzip -n -9 >"$dist/$name.tar.gz.tmp"
mv "$dist/$name.tar.gz.tmp" "$dist/$name.tar.gz"
echo "==> $(du -h "$dist/$name.tar.gz" | cut -f1) $dist/$name.tar.gz" >&2
echo "$dist/$name.tar.gz"
