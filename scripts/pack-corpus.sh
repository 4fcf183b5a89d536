#!/usr/bin/env bash
# Packs the shared conformance corpora (../shared/conformance/dutch-2012, dutch-2012-more,
# dutch-2017, dutch-2017-forfeits, dutch-2025, the Baku-accelerated dutch-2026-baku and
# dutch-2026-baku-bbp-boundary, the peer corpora dubov-2026-py4swiss, burstein-2026-py4swiss and
# lim-2026-pairingcore and double-swiss-2026-pairingcore,
# bbpPairings v6's older Burstein in burstein-bbp6, with their manifests, and
# tiebreaks: FIDE's tie-break calculator's output for 350 of their files) into
# testdata/conformance/<name>.tar.gz, reproducibly: sorted names, mtime 0, owner and group 0,
# fixed permissions, and a gzip header without name or timestamp (-n).
# Run from anywhere; the shared folder is looked up beside the repository (override with
# SHARED=/path/to/shared).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared}"
src="$shared/conformance"
out="$root/testdata/conformance"
mkdir -p "$out"
for name in ${NAMES:-dutch-2012 dutch-2012-more dutch-2017 dutch-2017-forfeits dutch-2025 \
    dubov-2026-py4swiss dutch-2026-baku dutch-2026-baku-bbp-boundary tiebreaks \
    burstein-2026-py4swiss burstein-bbp6 lim-2026-pairingcore double-swiss-2026-pairingcore}; do
    if [ ! -f "$src/$name/manifest.csv" ]; then
        echo "pack-corpus: $src/$name/manifest.csv not found" >&2
        exit 1
    fi
    tar -C "$src" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
        --mode='u=rw,go=r,a+X' -cf - "$name" | gzip -n -9 > "$out/$name.tar.gz.tmp"
    mv "$out/$name.tar.gz.tmp" "$out/$name.tar.gz"
    echo "$out/$name.tar.gz: $(tar -tzf "$out/$name.tar.gz" | grep -c '\.\(trf\|tsv\)$') files"
done
