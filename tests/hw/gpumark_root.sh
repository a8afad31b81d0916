#!/bin/bash
# The gpu-node fixture with fd links for its QP owners (tests/hw/gpumark.sh,
# tests/hw/record's gpu-far): sourced; DATA is tests/data/hw.
# gpumark_root DIR: the fixture, its QP owners with fd links
gpumark_root() {
	mkdir -p "$1"
	cp -a "$DATA/gpu-node/." "$1/"
	rm -f "$1"/*.rdrec
	# ucx_perftest: GPU2 (socket 1) through the CUDA driver's nodes
	mkdir -p "$1/proc/4100101/fd" "$1/proc/4100230/fd" "$1/proc/4100150/fd"
	ln -s /dev/nvidiactl "$1/proc/4100101/fd/3"
	ln -s /dev/nvidia2 "$1/proc/4100101/fd/4"
	ln -s /dev/nvidia-uvm "$1/proc/4100101/fd/5"
	ln -s /dev/nvidia2 "$1/proc/4100101/fd/6"
	ln -s 'socket:[4242]' "$1/proc/4100101/fd/7"
	# ib_write_bw: GPU0 by its render node (ROCm's way), QPs on both NICs
	ln -s /dev/dri/renderD128 "$1/proc/4100230/fd/7"
	ln -s /dev/infiniband/uverbs0 "$1/proc/4100230/fd/8"
	# nccl-tests: GPU0 and GPU3, its QP on mlx5_0
	ln -s /dev/nvidia0 "$1/proc/4100150/fd/10"
	ln -s /dev/nvidia3 "$1/proc/4100150/fd/11"
}
