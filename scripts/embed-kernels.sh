#!/usr/bin/env bash
# Regenerates Sources/CurveCodegen/InverseKernelSource+Files.swift: the text of every kernel
# file that generated code embeds (Sources/CurveCore/CubicInverseKernel*.swift and
# Sources/CurveSchedule/DepletionScheduleKernel*.swift, sorted by folder then name), byte for
# byte. The file is checked in, so a consumer's build runs no build-tool plugin of CurveKit's
# own; CurveCodegenTests fails when a kernel changed and this script was not run.
#
#   scripts/embed-kernels.sh          rewrite the file (only when its content changes)
#   scripts/embed-kernels.sh --check  exit 1 when the checked-in file is out of date
set -euo pipefail
cd "$(dirname "$0")/.."
output=Sources/CurveCodegen/InverseKernelSource+Files.swift
kernels=()
for folder in "Sources/CurveCore:CubicInverseKernel" "Sources/CurveSchedule:DepletionScheduleKernel"; do
  directory=${folder%%:*}
  prefix=${folder##*:}
  while IFS= read -r name; do kernels+=("$directory/$name"); done < <(cd "$directory" && LC_ALL=C ls | grep "^$prefix.*\.swift$")
done
if [[ ${1:-} == --check ]]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  swift run -q EmbedInverseKernels "$scratch/embedded.swift" "${kernels[@]}"
  if ! cmp -s "$scratch/embedded.swift" "$output"; then
    echo "error: $output is out of date: run scripts/embed-kernels.sh" >&2
    exit 1
  fi
  echo "embedded kernels: $output is up to date (${#kernels[@]} files)"
else
  swift run -q EmbedInverseKernels "$output" "${kernels[@]}"
  echo "embedded ${#kernels[@]} kernel files into $output"
fi
