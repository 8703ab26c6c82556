# Sourced by the tool build scripts (.ci/goreleaser, .ci/syft,
# .ci/golangci-lint): the part of a cached build they share.
#
# use_cached_or_lock WHAT: when the cached binary fits (the caller's fits:
# $bin built for $want, under $out), prints its path and exits the script;
# else takes the build's lock, so that a second build at once waits, then
# finds the first one's binary. FORCE=1 always rebuilds. Needs log().
use_cached_or_lock() {
  if [ "${FORCE:-0}" != 1 ] && fits; then
    log "cached: $1 at $bin"
    echo "$bin"
    exit 0
  fi
  mkdir -p "$out"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$out/.lock"
    flock 9
    if [ "${FORCE:-0}" != 1 ] && fits; then
      log "cached: $1 at $bin (built meanwhile)"
      echo "$bin"
      exit 0
    fi
  fi
}
