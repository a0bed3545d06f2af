package paridad

// hash es una tabla de dispersión abierta de claves de 64 bits a valores
// de 32 bits, con sondeo lineal: sin punteros, para que la consulta sea un
// producto, un desplazamiento y, casi siempre, una sola lectura de memoria.
// La clave vacia no puede guardarse.
type hash struct {
	claves  []uint64
	valores []uint32
	corr    uint // 64 − log2(len(claves))
	n       int
}

const vacia = ^uint64(0)

// nuevoHash devuelve una tabla con lugar para n claves (ocupada a lo sumo
// hasta la mitad).
func nuevoHash(n int) hash {
	tam, log := 16, 4
	for tam < 2*n {
		tam, log = tam*2, log+1
	}
	h := hash{claves: make([]uint64, tam), valores: make([]uint32, tam), corr: uint(64 - log)}
	for i := range h.claves {
		h.claves[i] = vacia
	}
	return h
}

func (h *hash) pos(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> h.corr }

// poner guarda k → v; si k ya estaba, lo reemplaza.
func (h *hash) poner(k uint64, v uint32) {
	mascara := uint64(len(h.claves) - 1)
	for i := h.pos(k); ; i = (i + 1) & mascara {
		switch h.claves[i] {
		case vacia:
			h.claves[i], h.valores[i] = k, v
			h.n++
			return
		case k:
			h.valores[i] = v
			return
		}
	}
}

// ver devuelve el valor de k, o false si no está.
func (h *hash) ver(k uint64) (uint32, bool) {
	mascara := uint64(len(h.claves) - 1)
	for i := h.pos(k); ; i = (i + 1) & mascara {
		switch h.claves[i] {
		case k:
			return h.valores[i], true
		case vacia:
			return 0, false
		}
	}
}

// bytes es la memoria que ocupa la tabla.
func (h *hash) bytes() int { return len(h.claves) * 12 }
