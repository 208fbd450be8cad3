//go:build !unix

package scaling

import "time"

// cpuTime is not measured here: Bench reports no cpu-x16.
func cpuTime() (time.Duration, bool) { return 0, false }
