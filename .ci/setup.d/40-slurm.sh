# A real single-node Slurm for the cluster tests (qtool cluster): install
# slurm-wlm and munge, then start munged, slurmctld and slurmd on localhost
# and wait until the node is idle. The tests skip with a message when no
# controller answers, so a failed install or start is reported, not fatal.
ci_apt_install slurm-wlm munge
if command -v slurmctld >/dev/null 2>&1 || [ -x /usr/sbin/slurmctld ]; then
  PATH="$PATH:/usr/sbin:/sbin" scripts/slurm-localhost start ||
    echo "note: scripts/slurm-localhost start failed; the Slurm tests will skip"
fi
