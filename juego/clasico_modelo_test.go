package juego_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Un juez independiente de las reglas clásicas, escrito a partir de las
// reglas y no del código: arma el tablero con la jugada, busca todas las
// palabras, se queda con las que tienen alguna ficha nueva y las puntúa.

type casilla struct {
	l              letra.Letra
	ocupada, nueva bool
	comodin        bool
}

// juzgar dice si o es válida para el jugador en turno de j y cuánto vale,
// según las reglas de v.
func juzgar(j *juego.Juego, v *variante.Variante, o ocurrencia.Ocurrencia) (bool, int) {
	if _, terminada := j.Terminada(); terminada {
		return false, 0
	}
	if o.Vacia() {
		return true, 0
	}
	mano, _ := j.Fichas(j.Turno())
	if !mano.Incluye(o.DeLaMano()) {
		return false, 0
	}
	n := v.TamanoTablero()
	tab := make([][]casilla, n)
	vacio := true
	for f := range n {
		tab[f] = make([]casilla, n)
		for c := range n {
			if l, ok := j.Letra(f, c); ok {
				tab[f][c] = casilla{l: l, ocupada: true, comodin: j.EsComodin(f, c)}
				vacio = false
			}
		}
	}
	for x := range o.Fichas() {
		if !v.Alfabeto().Contiene(x.Letra) || x.Fila < 0 || x.Fila >= n || x.Columna < 0 || x.Columna >= n || tab[x.Fila][x.Columna].ocupada {
			return false, 0
		}
		tab[x.Fila][x.Columna] = casilla{l: x.Letra, ocupada: true, nueva: true, comodin: x.Comodin}
	}
	// Las palabras: corridas maximales de dos o más, y (sin la regla de dos
	// letras) las fichas sin vecinos.
	type celda = [2]int
	var palabras [][]celda
	libre := func(f, c int) bool { return f < 0 || f >= n || c < 0 || c >= n || !tab[f][c].ocupada }
	for f := range n {
		for c := range n {
			if libre(f, c) {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				if !libre(f-d[0], c-d[1]) || libre(f+d[0], c+d[1]) {
					continue
				}
				var p []celda
				for i, k := f, c; !libre(i, k); i, k = i+d[0], k+d[1] {
					p = append(p, celda{i, k})
				}
				palabras = append(palabras, p)
			}
			if !v.Conexion() && libre(f-1, c) && libre(f+1, c) && libre(f, c-1) && libre(f, c+1) {
				palabras = append(palabras, []celda{{f, c}})
			}
		}
	}
	puntos, contieneTodas, tocaVieja := 0, false, false
	for _, p := range palabras {
		nuevas, viejas, suma, mult := 0, 0, 0, 1
		var letras []letra.Letra
		for _, x := range p {
			k := tab[x[0]][x[1]]
			letras = append(letras, k.l)
			valor := v.PuntajeLetra(k.l)
			if k.comodin {
				valor = 0
			}
			if k.nueva {
				nuevas++
				valor *= v.Premio(x[0], x[1]).PorLetra()
				mult *= v.Premio(x[0], x[1]).PorPalabra()
			} else {
				viejas++
			}
			suma += valor
		}
		if nuevas == 0 {
			continue
		}
		if !v.PalabraLegitima(letras) {
			return false, 0
		}
		contieneTodas = contieneTodas || nuevas == o.Tamano()
		tocaVieja = tocaVieja || viejas > 0
		puntos += suma * mult
	}
	if !contieneTodas {
		return false, 0
	}
	if v.Conexion() {
		fc, cc := v.Centro()
		if vacio && !slices.ContainsFunc(o.Slice(), func(x ocurrencia.Ficha) bool { return x.Fila == fc && x.Columna == cc }) {
			return false, 0
		}
		if !vacio && !tocaVieja {
			return false, 0
		}
	}
	if o.Tamano() == v.Fichas() {
		puntos += v.Bingo()
	}
	return true, puntos
}

// TestPropiedadClasica juega partidas al azar con reglas clásicas al azar y
// compara, en cada turno y para cada jugada candidata (con los comodines
// representando cada letra), la validez y el puntaje del juego con los del
// juez; los puntajes acumulados con los del juez más los ajustes; y el fin de
// la partida con las reglas.
func TestPropiedadClasica(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v, k := j.Variante(), j.Jugadores()
		esperado := make([]int, k)
		sinPuntos := 0
		for paso := 0; paso < 12; paso++ {
			require.NoError(t, verificar(j))
			_, terminada := j.Terminada()
			var validas []ocurrencia.Ocurrencia
			var valores []int
			for _, o := range pruebas.Candidatas(j) {
				ok, puntos := juzgar(j, v, o)
				require.Equal(t, ok, j.JugadaValida(o), "%s\n%s", o.Formatear(v.Alfabeto()), j)
				if ok {
					p, err := j.PuntajeObtenido(o)
					require.NoError(t, err)
					require.Equal(t, puntos, p, "%s\n%s", o.Formatear(v.Alfabeto()), j)
					validas = append(validas, o)
					valores = append(valores, puntos)
				}
			}
			if terminada {
				require.Empty(t, validas)
				require.ErrorIs(t, j.Pasar(), juego.ErrPartidaTerminada)
				break
			}
			i := j.Turno()
			mano, _ := j.Fichas(i)
			puntos := 0
			switch accion := rapid.IntRange(0, 5).Draw(t, "acción"); {
			case accion <= 2 && len(validas) > 0:
				x := rapid.IntRange(0, len(validas)-1).Draw(t, "jugada")
				_, err := j.Ubicar(validas[x])
				require.NoError(t, err)
				puntos = valores[x]
			case accion == 3 && j.LetrasEnRepositorio() >= v.Fichas() && !mano.Vacio():
				letras := mano.Letras()
				devueltas := letra.NuevoMulticonjunto(letras[:rapid.IntRange(1, len(letras)).Draw(t, "cuántas")]...)
				require.NoError(t, j.Cambiar(devueltas))
				nueva, _ := j.Fichas(i)
				require.Equal(t, mano.Tamano(), nueva.Tamano())
			case accion == 4:
				a := rapid.IntRange(-5, 5).Draw(t, "ajuste")
				require.NoError(t, j.Ajustar(i, a))
				esperado[i] += a
				continue // no es un turno
			default:
				require.NoError(t, j.Pasar())
			}
			esperado[i] += puntos
			if puntos == 0 {
				sinPuntos++
			} else {
				sinPuntos = 0
			}
			despues, _ := j.Fichas(i)
			fin, terminada := j.Terminada()
			switch t2 := v.TurnosSinPuntos(); {
			case t2 > 0 && despues.Vacio() && j.LetrasEnRepositorio() == 0:
				require.True(t, terminada)
				require.Equal(t, juego.FinSinFichas, fin.Motivo)
			case t2 > 0 && sinPuntos >= t2:
				require.True(t, terminada)
				require.Equal(t, juego.FinTurnosSinPuntos, fin.Motivo)
			default:
				require.False(t, terminada)
			}
			if terminada {
				total := 0
				for x := range k {
					m, _ := j.Fichas(x)
					resto := 0
					for l := range m.Todas() {
						resto += v.ValorFicha(l)
					}
					esperado[x] -= resto
					total += resto
				}
				if fin.Motivo == juego.FinSinFichas {
					esperado[i] += total
				}
			}
			for x := range k {
				p, err := j.Puntaje(x)
				require.NoError(t, err)
				require.Equal(t, esperado[x], p, "puntaje del jugador %d", x)
			}
		}
	})
}
