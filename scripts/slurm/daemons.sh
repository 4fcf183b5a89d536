# Daemon control for scripts/slurm/local-cluster.sh, kept apart so that a test can run it with
# fake daemons (simulator/tests/scale_out_scripts.rs). POSIX sh; source it.
#
# A daemon is known by its pid file and its command name. `daemon_pid` trusts a pid file only
# when its process is alive and runs that command (a stale file, or a pid reused by another
# program, is not the daemon); `stop_daemon` signals the daemon and waits until it has exited
# before it removes the pid file, so that a daemon shutting down cannot delete the pid file of
# the one started after it; `start_daemon` starts one only when none is running.

# Seconds `stop_daemon` waits for a daemon to exit after SIGTERM, before SIGKILL.
: "${DAEMON_STOP_TIMEOUT:=20}"

# alive PID: the process exists and is not a zombie (a daemon's forking parent that nobody
# reaped answers `kill -0` but is gone).
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    read -r _ _ _state _ 2>/dev/null <"/proc/$1/stat" || return 0
    [ "$_state" != Z ]
}

# daemon_pid PIDFILE NAME: prints the pid of the running daemon NAME recorded in PIDFILE.
daemon_pid() {
    [ -s "$1" ] || return 1
    _pid=$(tr -cd '0-9' <"$1")
    [ -n "$_pid" ] || return 1
    alive "$_pid" || return 1
    _comm=$(cat "/proc/$_pid/comm" 2>/dev/null) || return 1
    [ "$_comm" = "$2" ] || return 1
    echo "$_pid"
}

# orphan_pids NAME: the live processes named NAME exactly (their /proc/PID/comm), whether or
# not a pid file names them, e.g. a daemon whose pid file an earlier start overwrote.
orphan_pids() {
    for _f in /proc/[0-9]*/comm; do
        read -r _c 2>/dev/null <"$_f" || continue
        if [ "$_c" = "$1" ]; then
            _f=${_f#/proc/}
            _f=${_f%/comm}
            if alive "$_f"; then echo "$_f"; fi
        fi
    done
}

# wait_gone PID...: waits until every PID has exited; SIGKILL after DAEMON_STOP_TIMEOUT s.
wait_gone() {
    _t=0
    while :; do
        _alive=
        for _p in "$@"; do
            if alive "$_p"; then _alive="$_alive $_p"; fi
        done
        [ -n "$_alive" ] || return 0
        if [ "$_t" -ge $((DAEMON_STOP_TIMEOUT * 10)) ]; then
            echo "still running after ${DAEMON_STOP_TIMEOUT}s, killing:$_alive" >&2
            # shellcheck disable=SC2086
            kill -KILL $_alive 2>/dev/null || true
        fi
        sleep 0.1
        _t=$((_t + 1))
    done
}

# stop_daemon PIDFILE NAME: stops the daemon NAME (the one of PIDFILE and any orphan of that
# name), waits for it to exit, then removes PIDFILE.
stop_daemon() {
    _pids=$( (daemon_pid "$1" "$2"; orphan_pids "$2") | sort -u | tr '\n' ' ')
    if [ -n "${_pids% }" ]; then
        # shellcheck disable=SC2086
        kill -TERM $_pids 2>/dev/null || true
        # shellcheck disable=SC2086
        wait_gone $_pids
    fi
    rm -f "$1"
}

# start_daemon PIDFILE NAME COMMAND...: runs COMMAND (a daemon that writes PIDFILE) unless
# NAME is already running from PIDFILE; waits up to 10 s for the pid file.
start_daemon() {
    _file=$1 _name=$2
    shift 2
    if _pid=$(daemon_pid "$_file" "$_name"); then
        echo "$_name already running (pid $_pid)"
        return 0
    fi
    "$@" || return 1
    _t=0
    until daemon_pid "$_file" "$_name" >/dev/null; do
        if [ "$_t" -ge 100 ]; then
            echo "$_name did not start (no live pid in $_file)" >&2
            return 1
        fi
        sleep 0.1
        _t=$((_t + 1))
    done
}
