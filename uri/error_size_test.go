package uri

import (
	"testing"
	"unsafe"
)

// TestErrorSize holds Error to 128 bytes, a size class of Go's allocator: every
// rejection allocates one, and beyond the failing parse its allocation is most of what a
// rejection costs (docs/performance.md). What only some errors need lives behind
// pointers (schemeError, the expected list).
func TestErrorSize(t *testing.T) {
	if n := unsafe.Sizeof(Error{}); n > 128 {
		t.Errorf("Error is %d bytes, over 128: put what few errors need behind a pointer", n)
	}
}
