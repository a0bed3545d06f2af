package trie

import (
	"encoding/binary"
	"unsafe"
)

// comoUint32 devuelve b visto como []uint32 little endian sin copiarlo, o
// nil si no se puede: la máquina no es little endian, o b no está alineado
// a 4 bytes o su largo no es múltiplo de 4.
func comoUint32(b []byte) []uint32 {
	var prueba [2]byte
	binary.NativeEndian.PutUint16(prueba[:], 1)
	if prueba[0] != 1 || len(b) == 0 || len(b)%4 != 0 || uintptr(unsafe.Pointer(unsafe.SliceData(b)))%4 != 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/4)
}
