// Package formato reúne lo que los almacenes de app/internal/almacen (sqlite y
// postgres) guardan igual: la codificación de los movimientos en bytes, la
// cadena de sumas con que se sella cada partida, qué cambios de palabras
// cuentan (AnotarCambios) y el orden de la clasificación
// (OrdenClasificacion).
//
// Las fichas de una colocación se guardan como (fila, columna) en uvarint
// seguidas de un byte con la letra y el bit 0x80 si es comodín; un
// multiconjunto, como un byte por letra.
package formato

import (
	"encoding/binary"
	"errors"
	"hash/fnv"
	"math"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// ErrCodificacion: los bytes de un movimiento no son los que escribe
// CodificarFichas o CodificarMulti.
var ErrCodificacion = errors.New("movimiento mal codificado")

// CodificarFichas devuelve los bytes de las fichas de o.
func CodificarFichas(o ocurrencia.Ocurrencia) []byte {
	b := make([]byte, 0, 4*o.Tamano())
	for f := range o.Fichas() {
		b = binary.AppendUvarint(b, uint64(f.Fila))
		b = binary.AppendUvarint(b, uint64(f.Columna))
		x := byte(f.Letra)
		if f.Comodin {
			x |= 0x80
		}
		b = append(b, x)
	}
	return b
}

// DecodificarFichas lee lo que escribió CodificarFichas, o devuelve
// ErrCodificacion.
func DecodificarFichas(b []byte) (ocurrencia.Ocurrencia, error) {
	var fichas []ocurrencia.Ficha
	for len(b) > 0 {
		fila, n := binary.Uvarint(b)
		if n <= 0 || fila > 1<<20 {
			return ocurrencia.Ocurrencia{}, ErrCodificacion
		}
		b = b[n:]
		col, n := binary.Uvarint(b)
		if n <= 0 || col > 1<<20 || len(b) < n+1 {
			return ocurrencia.Ocurrencia{}, ErrCodificacion
		}
		x := b[n]
		b = b[n+1:]
		l := letra.Letra(x &^ 0x80)
		if int(l) >= letra.MaxLetras {
			return ocurrencia.Ocurrencia{}, ErrCodificacion
		}
		fichas = append(fichas, ocurrencia.Ficha{Fila: int(fila), Columna: int(col), Letra: l, Comodin: x&0x80 != 0})
	}
	return ocurrencia.Nueva(fichas...), nil
}

// CodificarMulti devuelve los bytes de m: un byte por letra.
func CodificarMulti(m letra.Multiconjunto) []byte {
	b := make([]byte, 0, m.Tamano())
	for l := range m.Todas() {
		b = append(b, byte(l))
	}
	return b
}

// DecodificarMulti lee lo que escribió CodificarMulti, o devuelve
// ErrCodificacion.
func DecodificarMulti(b []byte) (letra.Multiconjunto, error) {
	var m letra.Multiconjunto
	for _, x := range b {
		if int(x) >= letra.MaxLetras {
			return m, ErrCodificacion
		}
		m.Agregar(letra.Letra(x))
	}
	return m, nil
}

// Sello devuelve el eslabón que sigue a anterior con los valores dados:
// FNV-1a de 64 bits de anterior y de cada valor con su clase (entero,
// real o bytes; un texto y unos bytes iguales son lo mismo, y nil es
// vacío). Un texto se toma hasta su primer byte 0, como lo pasa SQLite a
// una función.
func Sello(anterior int64, valores ...any) int64 {
	h := fnv.New64a()
	var b [binary.MaxVarintLen64 + 1]byte
	binary.LittleEndian.PutUint64(b[:8], uint64(anterior))
	h.Write(b[:8])
	entero := func(x int64) {
		b[0] = 'i'
		binary.LittleEndian.PutUint64(b[1:9], uint64(x))
		h.Write(b[:9])
	}
	bytes := func(x []byte) {
		b[0] = 'b'
		n := binary.PutUvarint(b[1:], uint64(len(x)))
		h.Write(b[:1+n])
		h.Write(x)
	}
	for _, v := range valores {
		switch x := v.(type) {
		case int64:
			entero(x)
		case int:
			entero(int64(x))
		case bool:
			if x {
				entero(1)
			} else {
				entero(0)
			}
		case float64:
			b[0] = 'f'
			binary.LittleEndian.PutUint64(b[1:9], math.Float64bits(x))
			h.Write(b[:9])
		case string:
			if i := strings.IndexByte(x, 0); i >= 0 {
				x = x[:i]
			}
			bytes([]byte(x))
		case []byte:
			bytes(x)
		default: // nil
			bytes(nil)
		}
	}
	return int64(h.Sum64())
}

// AnotarCambios decide qué cambios de palabras de un diccionario cambian
// algo y los anota, con la regla que comparten los almacenes: se agregan
// las de agregar y después se quitan las de quitar; agregar una palabra
// cuyo último cambio ya la agregó, o quitar una ya quitada, no cuenta.
// estado da el último cambio de una palabra (agregada, y si hay alguno);
// anotar guarda un cambio en la versión nueva. Devuelve si anotó alguno.
func AnotarCambios(agregar, quitar []string, estado func(palabra string) (agregada, hay bool, err error),
	anotar func(palabra string, agregada bool) error) (bool, error) {
	cambio := false
	for _, lista := range []struct {
		palabras []string
		agregada bool
	}{{agregar, true}, {quitar, false}} {
		for _, p := range lista.palabras {
			ag, hay, err := estado(p)
			if err != nil {
				return false, err
			}
			if hay && ag == lista.agregada {
				continue
			}
			if err := anotar(p, lista.agregada); err != nil {
				return false, err
			}
			cambio = true
		}
	}
	return cambio, nil
}

// OrdenClasificacion es la cláusula ORDER BY (sin las palabras ORDER BY) que
// ordena la tabla jugadores por el criterio c, como clasificacion.Criterio:
// primero la columna del criterio (salvo el rating), luego el rating, el
// nombre y el identificador. c debe ser válido.
func OrdenClasificacion(c clasificacion.Criterio) string {
	return map[clasificacion.Criterio]string{
		clasificacion.PorRating:    "",
		clasificacion.PorMaximo:    "maximo DESC, ",
		clasificacion.PorMedia:     "media DESC, ",
		clasificacion.PorVictorias: "victorias DESC, ",
		clasificacion.PorTotal:     "total DESC, ",
	}[c] + "rating DESC, nombre, id"
}
