//go:build unix

package scaling

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used, with every thread:
// the collector's workers too. It is what the process worked, not how long it waited
// for a core on a loaded machine.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
