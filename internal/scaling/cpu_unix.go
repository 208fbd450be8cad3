//go:build unix

package scaling

import (
	"syscall"
	"time"
)

// usage is the CPU time (user and system) the process has used, with every thread (the
// collector's workers too), and the minor page faults it has taken: what the process
// worked, not how long it waited for a core on a loaded machine, and how often it
// touched memory that the kernel had to map (a heap that grew, or pages the runtime had
// returned to the kernel).
func usage() (cpu time.Duration, faults int64, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Minflt, true
}
