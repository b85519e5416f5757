#!/usr/bin/env bash
# Checks the packaged `curvekit` (scripts/package.sh) runs where Swift and LAPACK are not:
#   1. builds the archive and the debug curvekit;
#   2. unpacks the archive and checks `ldd` lists the C library's own objects only;
#   3. runs it in a bare environment (env -i: a PATH with no swift, LD_LIBRARY_PATH empty,
#      no HOME of ours) and, where `unshare -m` works (root), in a mount namespace where the
#      Swift toolchain's libraries, the LAPACK/OpenBLAS directories and the Fortran, quadmath
#      and C++ runtimes are hidden (a tmpfs over each directory, /dev/null over each file);
#   4. compares its output byte for byte with the debug build's on fit, generate (Swift,
#      Kotlin, TypeScript), timeline and export, under OPENBLAS_CORETYPE=Prescott and =Haswell
#      too (OpenBLAS picks kernels per CPU; CurveKit's correct rounding makes the bytes the same).
# Exits 0 when every check passes, 1 (with `error:` lines) otherwise.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
work="$(mktemp -d "${TMPDIR:-/tmp}/curvekit-check-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# --curvekit PATH compares with that build (scripts/test.sh passes the one it built with
# warnings as errors, so building it again with other flags is not needed).
reference=""
if [[ "${1:-}" == "--curvekit" && -n "${2:-}" ]]; then
  reference="$2"
elif [[ $# -gt 0 ]]; then
  echo "error: unknown argument '$1' (usage: scripts/check-package.sh [--curvekit PATH])" >&2
  exit 2
fi

archive="$(scripts/package.sh | tail -n 1)"
[[ -f "$archive" ]] || { echo "error: scripts/package.sh made no archive" >&2; exit 1; }
if [[ -z "$reference" ]]; then
  echo "==> building the debug curvekit to compare with" >&2
  swift build --product curvekit >&2
  reference="$repo/.build/debug/curvekit"
fi
[[ -x "$reference" ]] || { echo "error: no curvekit at $reference" >&2; exit 2; }

tar -xzf "$archive" -C "$work"
packaged="$(find "$work" -mindepth 2 -maxdepth 2 -name curvekit -type f | head -n 1)"
[[ -x "$packaged" ]] || { echo "error: no curvekit in $archive" >&2; exit 1; }
version="$("$reference" --version | awk '{print $2}')"
[[ "$(basename "$archive")" == "curvekit-$version-linux-x86_64.tar.gz" ]] \
  || { echo "error: $(basename "$archive") does not carry the CLI's version $version" >&2; exit 1; }

echo "==> ldd $packaged" >&2
ldd "$packaged" >&2
foreign="$(ldd "$packaged" | awk '{print $1}' | sed 's|.*/||' \
  | grep -vE '^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1)$' || true)"
[[ -z "$foreign" ]] || { echo "error: the packaged curvekit links $(tr '\n' ' ' <<<"$foreign")" >&2; exit 1; }

# The commands compared: each prints to stdout; paths are relative to the repository.
spec=examples/curves/weekly-habit.curve.json
hours=examples/curves/water-day.curve.json
commands=(
  "fit $hours"
  "fit $spec --json"
  "fit $spec --degree 5 --monotonic enforce --json"
  "generate $spec"
  "generate $spec --language kotlin --compose"
  "generate $spec --language typescript"
  "timeline $spec --refill 2026-01-05T08:00:00Z"
  "timeline $hours --refill 2026-01-05T08:00:00Z --segments"
  "export $spec"
  "export $spec --format tokens"
  "export $spec --format css-linear"
  "export $hours --format compose"
  "eval $hours 1.5 2.5 7.25"
  "invert $hours 80 50 20"
)

# Runs the packaged binary with nothing of the build machine's: no Swift on PATH, no library path.
bare=(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= LANG=C)
hidden=()
if [[ "$(id -u)" == 0 ]] && unshare -m true 2>/dev/null; then
  # Hide the toolchain's runtime and every LAPACK/BLAS/Fortran/C++ shared object in a private
  # mount namespace, so a dynamic dependency that slipped through would fail to load.
  hide='set -e
    for dir in /opt/swift/usr/lib /usr/lib/x86_64-linux-gnu/openblas-pthread /usr/lib/x86_64-linux-gnu/lapack \
      /usr/lib/x86_64-linux-gnu/blas; do
      [ -d "$dir" ] && mount -t tmpfs none "$dir"
    done
    for file in /usr/lib/x86_64-linux-gnu/libgfortran.so.* /usr/lib/x86_64-linux-gnu/libquadmath.so.* \
      /usr/lib/x86_64-linux-gnu/libstdc++.so.* /usr/lib/x86_64-linux-gnu/libopenblas*.so* \
      /usr/lib/x86_64-linux-gnu/liblapack.so* /usr/lib/x86_64-linux-gnu/libblas.so*; do
      [ -e "$file" ] && [ ! -L "$file" ] && mount --bind /dev/null "$file"
    done
    exec "$@"'
  hidden=(unshare -m sh -c "$hide" hide)
  # The hiding works: the debug build, which needs those libraries, must fail to start there.
  if "${hidden[@]}" "${bare[@]}" "$reference" --version >/dev/null 2>&1; then
    echo "error: hiding the toolchain and LAPACK did not stop the debug build; the check proves nothing" >&2
    exit 1
  fi
  echo "==> running in a mount namespace without the Swift toolchain's libraries or LAPACK" >&2
else
  echo "==> (not root or no unshare: running with env -i only)" >&2
fi

failures=0
for coretype in "" Prescott Haswell; do
  for command in "${commands[@]}"; do
    read -ra arguments <<<"$command"
    expected="$work/expected.out"
    actual="$work/actual.out"
    "$reference" "${arguments[@]}" >"$expected" 2>"$work/expected.err" || true
    if [[ -n "$coretype" ]]; then
      "${hidden[@]}" "${bare[@]}" OPENBLAS_CORETYPE="$coretype" "$packaged" "${arguments[@]}" >"$actual" 2>"$work/actual.err" || true
    else
      "${hidden[@]}" "${bare[@]}" "$packaged" "${arguments[@]}" >"$actual" 2>"$work/actual.err" || true
    fi
    if [[ ! -s "$expected" ]]; then
      echo "error: the debug build printed nothing for: curvekit $command ($(head -c 300 "$work/expected.err"))" >&2
      failures=$((failures + 1))
    elif ! cmp -s "$expected" "$actual" || ! cmp -s "$work/expected.err" "$work/actual.err"; then
      echo "error: the packaged curvekit differs${coretype:+ under OPENBLAS_CORETYPE=$coretype} on: curvekit $command" >&2
      diff "$expected" "$actual" | head -n 5 >&2 || true
      diff "$work/expected.err" "$work/actual.err" | head -n 5 >&2 || true
      failures=$((failures + 1))
    fi
  done
done
[[ "$failures" == 0 ]] || { echo "error: $failures comparisons differ" >&2; exit 1; }
echo "ok: $(basename "$archive") runs without Swift and LAPACK, byte-identical to the debug build on ${#commands[@]} commands × 3 CPU kernel choices"
