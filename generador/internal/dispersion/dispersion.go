// Package dispersion es una tabla de dispersión abierta de claves de 64
// bits a valores de 32, sin punteros, que comparten las tablas de los
// generadores por intervalos.
package dispersion

// Tabla es una tabla de dispersión abierta de claves de 64 bits a valores
// de 32 bits, con sondeo lineal: sin punteros, para que la consulta sea un
// producto, un desplazamiento y, casi siempre, una sola lectura de memoria.
// La clave Vacia no puede guardarse.
type Tabla struct {
	claves  []uint64
	valores []uint32
	corr    uint // 64 − log2(len(claves))
	N       int  // claves guardadas
}

// Vacia es la clave que no puede guardarse.
const Vacia = ^uint64(0)

// Nueva devuelve una tabla con lugar para n claves (ocupada a lo sumo
// hasta la mitad).
func Nueva(n int) Tabla {
	tam, log := 16, 4
	for tam < 2*n {
		tam, log = tam*2, log+1
	}
	h := Tabla{claves: make([]uint64, tam), valores: make([]uint32, tam), corr: uint(64 - log)}
	for i := range h.claves {
		h.claves[i] = Vacia
	}
	return h
}

func (h *Tabla) pos(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> h.corr }

// Poner guarda k → v; si k ya estaba, lo reemplaza.
func (h *Tabla) Poner(k uint64, v uint32) {
	mascara := uint64(len(h.claves) - 1)
	for i := h.pos(k); ; i = (i + 1) & mascara {
		switch h.claves[i] {
		case Vacia:
			h.claves[i], h.valores[i] = k, v
			h.N++
			return
		case k:
			h.valores[i] = v
			return
		}
	}
}

// Ver devuelve el valor de k, o false si no está.
func (h *Tabla) Ver(k uint64) (uint32, bool) {
	mascara := uint64(len(h.claves) - 1)
	for i := h.pos(k); ; i = (i + 1) & mascara {
		switch h.claves[i] {
		case k:
			return h.valores[i], true
		case Vacia:
			return 0, false
		}
	}
}

// Bytes es la memoria que ocupa la tabla.
func (h *Tabla) Bytes() int { return len(h.claves) * 12 }

// Capacidad devuelve la cantidad de lugares de la tabla.
func (h *Tabla) Capacidad() int { return len(h.claves) }

// Agrandar devuelve una tabla del doble de lugares con las mismas claves.
func (h *Tabla) Agrandar() Tabla {
	g := Nueva(len(h.claves))
	for i, k := range h.claves {
		if k != Vacia {
			g.Poner(k, h.valores[i])
		}
	}
	return g
}

// Claves devuelve los lugares de la tabla, con [Vacia] en los libres: no
// deben modificarse. Con [Tabla.Valor] se recorren los pares.
func (h *Tabla) Claves() []uint64 { return h.claves }

// Valor devuelve el valor del lugar i.
func (h *Tabla) Valor(i int) uint32 { return h.valores[i] }
