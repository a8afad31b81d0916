#!/bin/sh
# Build the shim and the generator into ${BUILD:-build}/hw (tests/hw/run calls it).
set -e
cd "$(dirname "$0")/../.."
B=${BUILD:-build}/hw
mkdir -p "$B"
W="-std=gnu11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers -O1 -g"
# each built beside and renamed into place: suites side by side (tests/tui's
# quarters) build it while others run with it preloaded
cc $W -fPIC -shared -fvisibility=hidden -Iinclude/uapi -Itests/hw -o "$B/nlshim.so.$$" tests/hw/nlshim.c tests/hw/nlshim_kernel.c tests/hw/nlshim_netns.c tests/hw/nlshim_traffic.c tests/hw/nlshim_counters.c tests/hw/nlshim_optcnt.c tests/hw/fixture.c -ldl -lpthread
mv -f "$B/nlshim.so.$$" "$B/nlshim.so"
cc $W -Iinclude/uapi -Itests/hw -o "$B/gen.$$" tests/hw/gen.c tests/hw/gen_res.c tests/hw/gen_stat.c tests/hw/gen_sysfs.c tests/hw/gen_drivers.c tests/hw/gen_pci.c $(pkg-config --libs libmnl 2>/dev/null || echo -lmnl)
mv -f "$B/gen.$$" "$B/gen"
