#!/usr/bin/env bash
# Mutation testing (cargo-mutants, https://mutants.rs) of the parts whose bugs no oracle
# catches: the TRF reader and writers, the tie-breaks, acceleration, the checker and the code the
# pairing systems share. Results and their reading: docs/internals/testing.md.
#
#   scripts/mutants.sh            every part, in order (hours on 2 cores)
#   scripts/mutants.sh trf        one part: acceleration, checker, common, tiebreak or trf
#
# Settings (profile, timeouts) are in .cargo/mutants.toml; the report goes to
# target/mutants-out/mutants.out. Needs `cargo install cargo-mutants --locked`.
set -euo pipefail
cd "$(dirname "$0")/.."

# The files of each part, and the unit tests that exercise them: each mutant rebuilds only the
# engine's library tests and runs only these (a fraction of a second), not the whole workspace.
files() {
    case "$1" in
    acceleration) echo engine/src/acceleration.rs ;;
    checker) echo engine/src/checker.rs ;;
    common) echo 'engine/src/systems/common/*.rs' ;;
    tiebreak) echo 'engine/src/tiebreak/*.rs' ;;
    trf) echo 'engine/src/trf/*.rs' ;;
    *) echo "unknown part '$1' (acceleration, checker, common, tiebreak, trf)" >&2; exit 2 ;;
    esac
}
TESTS=(acceleration checker systems::common tiebreak trf)

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(acceleration checker common tiebreak trf)
args=()
for part in "${parts[@]}"; do
    args+=(-f "$(files "$part")")
done
# One run for all the parts asked for (one baseline build), in file order, which is the order
# above: the small parts first. It runs in a copy of the sources under target/mutants-tree
# (mutated in place there, never in the checkout), kept from run to run with its build, and
# seeded with the `mutants` profile's build of the checkout when it is new: rustc's incremental
# state is tied to the folder it was built in, so only the first build in a new folder is a
# full one (minutes); every mutant after it rebuilds the library's tests only (`--lib`, passed
# to the build as well as to the tests) in well under a minute. Extra arguments for
# cargo-mutants go in MUTANTS_ARGS (e.g. MUTANTS_ARGS=--iterate to retest only the mutants a
# previous run did not catch).
root=$PWD
tree=target/mutants-tree
out=$root/target/mutants-out
mkdir -p "$tree/target" "$out"
find "$tree" -mindepth 1 -maxdepth 1 ! -name target -exec rm -rf {} +
tar -c --exclude=./target --exclude=./.git --exclude=./fuzz/target -f - . | tar -x -C "$tree"
if [ ! -d "$tree/target/mutants" ] && [ -d target/mutants ]; then
    cp -a target/mutants "$tree/target/"
fi
cd "$tree"
# shellcheck disable=SC2086
nice -n 15 cargo mutants --in-place --no-shuffle "${args[@]}" -o "$out" --cargo-arg=--lib \
    ${MUTANTS_ARGS:-} -- -- "${TESTS[@]}"
