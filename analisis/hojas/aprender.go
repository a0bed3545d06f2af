package hojas

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Límites de lo que anotan unas Muestras.
const (
	// MaxDiferencia es la mayor diferencia de puntos que distingue
	// ProbabilidadDeGanar al aprender: las mayores cuentan como ±MaxDiferencia.
	MaxDiferencia = 400
	// maxEquidad acota, en centésimos, la equidad de una mano anotada.
	maxEquidad = 1 << 20
)

// Muestras junta lo que se observa en partidas de autojuego para aprender
// una [Tabla]: para cada hoja, cuántas manos la contuvieron y la suma de sus
// equidades, y para la probabilidad de ganar, cuántas partidas ganó el
// jugador en turno con cada diferencia de puntos y cada cantidad de fichas
// no vistas. Las sumas son enteras (la equidad en centésimos de punto), así
// que el resultado no depende del orden en que se anotan ni se suman las
// muestras. El valor cero no es útil: se crean con [NuevasMuestras].
//
// Unas Muestras no son seguras para usar desde varias gorutinas a la vez:
// cada gorutina anota las suyas y luego se juntan con [Muestras.Sumar].
type Muestras struct {
	forma  *forma
	suma   []int64  // por hoja: suma de las equidades por sus pesos, en centésimos
	peso   []uint32 // por hoja: suma de los pesos
	cuenta []uint32 // por hoja: manos que la contuvieron
	// cuadrados[k]: suma de peso·equidad² sobre cada mano y cada una de sus
	// sub-hojas de k fichas (la varianza dentro de cada hoja, por tamaño).
	cuadrados []uint64
	// partidas y ganadas: por fichas no vistas u y diferencia d (en
	// u·(2·MaxDiferencia+1) + d + MaxDiferencia), posiciones vistas y
	// victorias (contadas dos veces; un empate, una).
	partidas, ganadas []uint32
	noVistas          int // fichas no vistas posibles: 0 … noVistas−1
}

// NuevasMuestras devuelve muestras vacías para la tabla de la variante v.
// Devuelve un error que envuelve a [ErrDemasiadasHojas] si v tiene más de
// [MaxValores] hojas.
func NuevasMuestras(v *variante.Variante) (*Muestras, error) {
	f, err := formaDe(v)
	if err != nil {
		return nil, err
	}
	nv := min(v.Distribucion().Tamano()+1, maxVictorias)
	return nuevasMuestras(f, nv), nil
}

func nuevasMuestras(f *forma, nv int) *Muestras {
	return &Muestras{
		forma:     f,
		suma:      make([]int64, f.total),
		peso:      make([]uint32, f.total),
		cuenta:    make([]uint32, f.total),
		cuadrados: make([]uint64, f.max+1),
		partidas:  make([]uint32, nv*(2*MaxDiferencia+1)),
		ganadas:   make([]uint32, nv*(2*MaxDiferencia+1)),
		noVistas:  nv,
	}
}

// Manos devuelve cuántas manos se anotaron con [Muestras.Anotar].
func (m *Muestras) Manos() int { return int(m.cuenta[0]) }

// Anotar anota una mano y la equidad de la decisión que se tomó con ella
// (los puntos de la jugada más el valor de la hoja que conservó, o el valor
// de lo que conservó al cambiar): cada hoja H que la mano contiene, de 0 a
// MaxHoja fichas y una vez por multiconjunto, suma una observación con esa
// equidad y con peso Πₓ C(cₓ, hₓ), las formas de elegir las fichas de H
// entre las de la mano (cₓ y hₓ las copias de x en la mano y en H). Con
// ese peso, la media de las manos que contienen H es la de las manos que
// resultan de conservar H y sacar el resto de la bolsa al azar. Las letras
// sin fichas en la bolsa no forman hojas. No reserva memoria.
func (m *Muestras) Anotar(mano letra.Multiconjunto, equidad float64) {
	f := m.forma
	e := int64(math.Round(equidad / Resolucion))
	e = max(-maxEquidad, min(maxEquidad, e))
	e2 := uint64(e * e)
	// Las casillas de la mano, en orden, con sus copias.
	var casillas, copias, k [letra.MaxLetras]int
	d := 0
	for s, l := range f.letras {
		if n := mano.Cantidad(l); n > 0 {
			casillas[d], copias[d] = s, n
			d++
		}
	}
	M1 := f.max + 1
	tam := 0
	for {
		if tam <= f.max {
			r, pos, w := f.max, int32(0), 1
			for i := range d {
				if k[i] > 0 {
					pos += f.suma[(casillas[i]*M1+r)*M1+k[i]]
					r -= k[i]
					w *= binomial(copias[i], k[i])
				}
			}
			m.suma[pos] += int64(w) * e
			m.peso[pos] += uint32(w)
			m.cuenta[pos]++
			m.cuadrados[tam] += uint64(w) * e2
		}
		i := 0
		for ; i < d; i++ {
			if k[i] < copias[i] {
				k[i]++
				tam++
				break
			}
			tam -= k[i]
			k[i] = 0
		}
		if i == d {
			return
		}
	}
}

// binomial devuelve C(n, k) para 0 ≤ k ≤ n.
func binomial(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// AnotarPosicion anota una posición de una partida terminada: el jugador en
// turno llevaba diferencia puntos de ventaja, no veía noVistas fichas y
// terminó con resultado 1 (ganó), ½ (empató) o 0 (perdió). Las diferencias
// se acotan a ±[MaxDiferencia] y las fichas no vistas a las de la bolsa.
func (m *Muestras) AnotarPosicion(diferencia, noVistas int, resultado float64) {
	u := max(0, min(noVistas, m.noVistas-1))
	d := max(-MaxDiferencia, min(MaxDiferencia, diferencia))
	i := u*(2*MaxDiferencia+1) + d + MaxDiferencia
	m.partidas[i]++
	m.ganadas[i] += uint32(max(0, min(2, math.Round(2*resultado))))
}

// Sumar agrega a m las muestras de otra, que deben ser de la misma
// variante; si no lo son devuelve un error que envuelve a
// [ErrOtraVariante] y m no cambia.
func (m *Muestras) Sumar(otra *Muestras) error {
	if otra.forma.huella != m.forma.huella || otra.forma.total != m.forma.total || otra.noVistas != m.noVistas {
		return fmt.Errorf("%w: muestras de otra variante", ErrOtraVariante)
	}
	for i, x := range otra.suma {
		m.suma[i] += x
		m.peso[i] += otra.peso[i]
		m.cuenta[i] += otra.cuenta[i]
	}
	for i, x := range otra.cuadrados {
		m.cuadrados[i] += x
	}
	for i, x := range otra.partidas {
		m.partidas[i] += x
		m.ganadas[i] += otra.ganadas[i]
	}
	return nil
}

// Formato de las muestras (versión 1), en little endian: "PLHM", la versión
// (1 byte), la huella de la forma (8), las hojas (4), las fichas no vistas
// posibles (2), por hoja la suma (8), el peso (4) y la cuenta (4), por tamaño de hoja
// los cuadrados (8), por celda de victorias las partidas y las ganadas (4 y
// 4), y el CRC-32C de todo lo anterior.
const magiaMuestras = "PLHM"

// MarshalBinary devuelve la codificación de m, que [DecodificarMuestras]
// lee: sirve para guardar un aprendizaje a medio hacer. Nunca falla.
func (m *Muestras) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, m.largo())
	b = append(b, magiaMuestras...)
	b = append(b, versionActual)
	b = binary.LittleEndian.AppendUint64(b, m.forma.huella)
	b = binary.LittleEndian.AppendUint32(b, uint32(m.forma.total))
	b = binary.LittleEndian.AppendUint16(b, uint16(m.noVistas))
	for i, x := range m.suma {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
		b = binary.LittleEndian.AppendUint32(b, m.peso[i])
		b = binary.LittleEndian.AppendUint32(b, m.cuenta[i])
	}
	for _, x := range m.cuadrados {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	for i, x := range m.partidas {
		b = binary.LittleEndian.AppendUint32(b, x)
		b = binary.LittleEndian.AppendUint32(b, m.ganadas[i])
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, tablaCRC)), nil
}

func (m *Muestras) largo() int {
	return len(magiaMuestras) + 1 + 8 + 4 + 2 + 16*len(m.suma) + 8*len(m.cuadrados) + 8*len(m.partidas) + 4
}

// DecodificarMuestras devuelve las muestras de la variante v codificadas en
// datos por [Muestras.MarshalBinary]. Si datos está dañado devuelve un error
// que envuelve a [ErrTablaInvalida]; si es de otra variante, uno que
// envuelve a [ErrOtraVariante].
func DecodificarMuestras(datos []byte, v *variante.Variante) (*Muestras, error) {
	nuevas, err := NuevasMuestras(v)
	if err != nil {
		return nil, err
	}
	mal := func(motivo string) error { return fmt.Errorf("%w: muestras: %s", ErrTablaInvalida, motivo) }
	if len(datos) < len(magiaMuestras)+1+4 || string(datos[:len(magiaMuestras)]) != magiaMuestras {
		return nil, mal("no empiezan con la cabecera " + magiaMuestras)
	}
	if datos[len(magiaMuestras)] != versionActual {
		return nil, mal("otra versión")
	}
	cuerpo, suma := datos[:len(datos)-4], binary.LittleEndian.Uint32(datos[len(datos)-4:])
	if crc32.Checksum(cuerpo, tablaCRC) != suma {
		return nil, mal("la suma de control no coincide (datos dañados)")
	}
	l := lector{b: cuerpo, i: len(magiaMuestras) + 1}
	huella, total, nv := l.uint64(), int(l.uint32()), int(l.uint16())
	if l.err != nil {
		return nil, mal("cabecera truncada")
	}
	if huella != nuevas.forma.huella || total != nuevas.forma.total || nv != nuevas.noVistas {
		return nil, fmt.Errorf("%w: muestras de otra variante", ErrOtraVariante)
	}
	if len(datos) != nuevas.largo() {
		return nil, mal(fmt.Sprintf("%d bytes (se esperan %d)", len(datos), nuevas.largo()))
	}
	for i := range nuevas.suma {
		nuevas.suma[i] = int64(l.uint64())
		nuevas.peso[i] = l.uint32()
		nuevas.cuenta[i] = l.uint32()
	}
	for i := range nuevas.cuadrados {
		nuevas.cuadrados[i] = l.uint64()
	}
	for i := range nuevas.partidas {
		nuevas.partidas[i] = l.uint32()
		nuevas.ganadas[i] = l.uint32()
	}
	return nuevas, nil
}
