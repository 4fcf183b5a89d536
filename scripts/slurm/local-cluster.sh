#!/bin/sh
# A single-node Slurm cluster on this machine, for trying scripts/slurm/simulate.sbatch:
# installs Debian's slurm-wlm if needed, writes /etc/slurm/slurm.conf for this host (CPUS
# cores, default 2; no accounting, no cgroups), and starts munged, slurmctld and slurmd.
# Run as root.   scripts/slurm/local-cluster.sh [start|stop|status]
# `start` on a running cluster leaves it as it is; `stop` waits until every daemon has exited
# (daemons.sh), so that `stop; start` never races a daemon shutting down.
set -eu
action=${1:-start}
host=$(hostname -s)
cpus=${CPUS:-2}
conf=/etc/slurm/slurm.conf
. "$(dirname "$0")/daemons.sh"

running() {
    daemon_pid /run/munge/munged.pid munged >/dev/null &&
        daemon_pid /run/slurmctld.pid slurmctld >/dev/null &&
        daemon_pid /run/slurmd.pid slurmd >/dev/null
}

stop() {
    stop_daemon /run/slurmd.pid slurmd
    stop_daemon /run/slurmctld.pid slurmctld
    stop_daemon /run/munge/munged.pid munged
}

case $action in
stop) stop; exit 0 ;;
status) sinfo; squeue; exit 0 ;;
start) ;;
*) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac

if running; then
    echo "the cluster is already running (stop it first to rewrite $conf)"
    sinfo
    exit 0
fi

if ! command -v slurmctld >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm
fi

mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat >"$conf" <<CONF
# Written by scripts/slurm/local-cluster.sh: one node, $cpus CPUs, no accounting.
ClusterName=swisslab
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

# Whatever part of a cluster runs (an earlier start that failed half-way) is stopped first,
# and waited for.
stop
# munge: the authentication daemon of Slurm (the key comes with the package).
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge/munge.key
start_daemon /run/munge/munged.pid munged runuser -u munge -- /usr/sbin/munged
start_daemon /run/slurmctld.pid slurmctld /usr/sbin/slurmctld
start_daemon /run/slurmd.pid slurmd /usr/sbin/slurmd
for _ in 1 2 3 4 5 6 7 8 9 10; do
    if sinfo -h -o %T 2>/dev/null | grep -q idle; then
        sinfo
        exit 0
    fi
    sleep 1
done
echo "slurm did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
exit 1
