package uri

import (
	"testing"
	"unsafe"
)

// TestErrorSize holds Error to 128 bytes, a size class of Go's allocator: every
// rejection allocates one, and beyond the failing parse its allocation is most of what a
// rejection costs (docs/performance.md). Beside the exported fields there is one pointer,
// to an errorSource (the grammar that Expected needs without linking every spec's
// parser, the expected list, what errors of a scheme carry), which the errors of one
// grammar share.
func TestErrorSize(t *testing.T) {
	if n := unsafe.Sizeof(Error{}); n > 128 {
		t.Errorf("Error is %d bytes, over 128: put what few errors need behind the source pointer", n)
	}
}
