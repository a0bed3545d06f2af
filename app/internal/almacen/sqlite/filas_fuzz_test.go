package sqlite

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// fila es un movimiento como lo guarda el almacén: las columnas de la
// tabla movimientos.
type fila struct {
	tipo, jugador                     int
	fichas, cambiadas, mano, proximas []byte
	conMano                           bool
	puntos                            int
}

// partidaDeFilas es una partida guardada de dos bots del español clásico
// con una de cada 25 palabras (su GADDAG se construye enseguida), con sus
// filas codificadas como las guarda AgregarMovimiento.
var partidaDeFilas = sync.OnceValues(func() (*variante.Variante, partidaFilas) {
	var ps [][]letra.Letra
	i := 0
	for p := range espanol.Clasica().Lexico().Palabras() {
		if i%25 == 0 || len(p) <= 3 {
			ps = append(ps, p)
		}
		i++
	}
	d, err := trie.NuevoDAWG(ps)
	if err != nil {
		panic(err)
	}
	v, err := almacen.BaseEspanol().ConLexico(d)
	if err != nil {
		panic(err)
	}
	bolsa, _ := v.Repositorio(2, 11)
	j, _ := juego.Nuevo(2, v, bolsa)
	g, err := almacen.NuevoCatalogo(nil).Generador(v)
	if err != nil {
		panic(err)
	}
	b, _ := bot.Nuevo(bot.Avanzado, g)
	var filas []fila
	for range 24 {
		if _, fin := j.Terminada(); fin {
			break
		}
		d, _ := b.Elegir(context.Background(), j)
		turno := j.Turno()
		pts, err := d.Aplicar(j)
		if err != nil {
			panic(err)
		}
		f := fila{tipo: int(d.Tipo), jugador: turno, puntos: pts, proximas: formato.CodificarMulti(letra.Multiconjunto{})}
		switch d.Tipo {
		case juego.SucesoColocacion:
			f.fichas = formato.CodificarFichas(d.Jugada)
		case juego.SucesoCambio:
			f.cambiadas = formato.CodificarMulti(d.Cambiadas)
		}
		filas = append(filas, f)
	}
	return v, partidaFilas{filas, j.Sucesos()}
})

// partidaFilas son las filas de una partida y sus sucesos.
type partidaFilas struct {
	filas   []fila
	sucesos []juego.Suceso
}

// FuzzFilasDanadas daña las filas de los movimientos de una partida
// guardada (bytes cambiados, cortados o agregados en una columna, o un
// número cambiado) y la repite como la reanuda el almacén: decodificar
// cada fila (como Partida) y repetir los movimientos (almacen.Reconstruir).
// Nunca entra en pánico; una fila que no se decodifica o un movimiento que
// no se repite es un error de partida corrupta; lo que se repite es un
// juego que cumple su invariante (juego.Juego.Verificar); y sin daño, la
// partida es la misma.
func FuzzFilasDanadas(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0), []byte{})
	f.Add(uint8(3), uint8(1), uint8(2), []byte{0x80})
	f.Add(uint8(5), uint8(4), uint8(0), []byte{1, 2, 3})
	f.Add(uint8(9), uint8(6), uint8(1), []byte{0xff, 0xff, 0xff, 0xff, 0xff})
	v, original := partidaDeFilas()
	originales := original.filas
	f.Fuzz(func(t *testing.T, cual, columna, como uint8, datos []byte) {
		filas := slices.Clone(originales)
		if len(filas) == 0 {
			return
		}
		x := int(cual) % len(filas)
		fl := filas[x]
		danar := func(b []byte) []byte {
			b = slices.Clone(b)
			switch como % 3 {
			case 0: // bytes cambiados
				for i, d := range datos {
					if len(b) > 0 {
						b[i%len(b)] ^= d
					}
				}
			case 1: // cortada
				return b[:min(len(b), len(datos))]
			default: // bytes de más
				return append(b, datos...)
			}
			return b
		}
		dato := 0
		for _, d := range datos {
			dato = dato<<8 | int(d)
		}
		switch columna % 8 {
		case 0:
			fl.fichas = danar(fl.fichas)
		case 1:
			fl.cambiadas = danar(fl.cambiadas)
		case 2:
			fl.mano, fl.conMano = danar(fl.mano), true
		case 3:
			fl.proximas = danar(fl.proximas)
		case 4:
			fl.puntos ^= dato
		case 5:
			fl.jugador ^= dato
		case 6:
			fl.tipo ^= dato
		default:
			filas = filas[:x] // las que siguen se perdieron
		}
		if columna%8 != 7 {
			filas[x] = fl
		}
		p := almacen.Partida{ID: 7, Semilla: 11, Asientos: []almacen.Asiento{{Jugador: 1}, {Jugador: 2}}, Estado: almacen.EnCurso}
		for _, fl := range filas {
			m := almacen.Movimiento{Tipo: juego.TipoSuceso(fl.tipo), Jugador: fl.jugador, ConMano: fl.conMano, Puntos: fl.puntos}
			var e1, e2, e3, e4 error
			m.Jugada, e1 = formato.DecodificarFichas(fl.fichas)
			m.Cambiadas, e2 = formato.DecodificarMulti(fl.cambiadas)
			m.Mano, e3 = formato.DecodificarMulti(fl.mano)
			m.Proximas, e4 = formato.DecodificarMulti(fl.proximas)
			if e1 != nil || e2 != nil || e3 != nil || e4 != nil {
				return // Partida lo informa como ErrPartidaCorrupta, con la partida y el movimiento
			}
			p.Movimientos = append(p.Movimientos, m)
		}
		j, err := almacen.Reconstruir(p, v)
		if err != nil {
			require.ErrorIs(t, err, almacen.ErrPartidaCorrupta)
			require.ErrorContains(t, err, "partida 7")
			return
		}
		require.NoError(t, j.Verificar())
		if slices.EqualFunc(filas, originales, func(a, b fila) bool {
			return a.tipo == b.tipo && a.jugador == b.jugador && a.puntos == b.puntos && a.conMano == b.conMano &&
				slices.Equal(a.fichas, b.fichas) && slices.Equal(a.cambiadas, b.cambiadas) && slices.Equal(a.mano, b.mano) && slices.Equal(a.proximas, b.proximas)
		}) {
			require.Equal(t, original.sucesos, j.Sucesos(), "sin daño, la misma partida")
		}
	})
}
