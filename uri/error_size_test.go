package uri

import (
	"testing"
	"unsafe"
)

// TestErrorSize holds Error to 144 bytes, a size class of Go's allocator: every
// rejection allocates one, and beyond the failing parse its allocation is most of what a
// rejection costs (docs/performance.md). What only some errors need lives behind
// pointers (schemeError, the expected list); the grammar pointer is what Expected needs
// without linking every spec's parser.
func TestErrorSize(t *testing.T) {
	if n := unsafe.Sizeof(Error{}); n > 144 {
		t.Errorf("Error is %d bytes, over 144: put what few errors need behind a pointer", n)
	}
}
