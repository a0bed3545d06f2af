package generador_test

import (
	"iter"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// porFuerzaBruta devuelve todas las jugadas válidas del jugador en turno
// de j con sus puntos: cada conjunto alineado de fichas de su mano en
// celdas libres (los comodines como cada letra) que JugadaValida acepta.
func porFuerzaBruta(t *rapid.T, j *juego.Juego) map[string]int {
	res := map[string]int{}
	for _, o := range pruebas.Candidatas(j) {
		if !j.JugadaValida(o) {
			continue
		}
		p, err := j.PuntajeObtenido(o)
		require.NoError(t, err)
		res[o.String()] = p
	}
	return res
}

// generadas devuelve las jugadas del generador, y falla si alguna sale
// dos veces; y la primera según generador.Comparar.
func generadas(t *rapid.T, g *generador.GADDAG, j *juego.Juego) (map[string]int, generador.Jugada) {
	res := map[string]int{}
	var primera generador.Jugada
	for jg := range generador.Jugadas(g, j) {
		clave := jg.Ocurrencia().String()
		_, repetida := res[clave]
		require.False(t, repetida, "la jugada %s sale dos veces", clave)
		res[clave] = jg.Puntos
		if len(res) == 1 || generador.Comparar(jg, primera) < 0 {
			primera = generador.Jugada{Fichas: slices.Clone(jg.Fichas), Puntos: jg.Puntos}
		}
	}
	return res, primera
}

// comparar verifica que el generador dé exactamente las jugadas de la
// fuerza bruta, con los mismos puntos, y que Contar y Mejor coincidan.
func comparar(t *rapid.T, g *generador.GADDAG, j *juego.Juego) map[string]int {
	esperadas := porFuerzaBruta(t, j)
	obtenidas, primera := generadas(t, g, j)
	for clave, p := range esperadas {
		q, ok := obtenidas[clave]
		require.True(t, ok, "falta la jugada %s (%d puntos)\n%s", clave, p, j)
		require.Equal(t, p, q, "puntos de %s\n%s", clave, j)
	}
	for clave := range obtenidas {
		_, ok := esperadas[clave]
		require.True(t, ok, "la jugada %s no es válida\n%s", clave, j)
	}
	require.Equal(t, len(esperadas), generador.Contar(g, j))
	mejor, hay := generador.Mejor(g, j)
	require.Equal(t, len(esperadas) > 0, hay)
	if hay {
		require.Equal(t, slices.Max(slices.Collect(maps.Values(esperadas))), mejor.Puntos)
		require.Equal(t, esperadas[mejor.Ocurrencia().String()], mejor.Puntos)
		require.Equal(t, primera, mejor, "Mejor es la primera según Comparar")
	}
	// Sin los atajos del GADDAG, Contar y Mejor recorren las jugadas y dan
	// lo mismo; sin versión del tablero, la Vista da las mismas jugadas.
	s := soloJugadas{g}
	require.Equal(t, len(esperadas), generador.Contar(s, j))
	mejorRecorriendo, hay2 := generador.Mejor(s, j)
	require.Equal(t, hay, hay2)
	if hay {
		require.Equal(t, mejor, mejorRecorriendo)
	}
	require.Equal(t, len(esperadas), generador.Contar(g, sinVersion{j}))
	return esperadas
}

// soloJugadas es un Generador sin los atajos del GADDAG (Contador,
// Mejorador).
type soloJugadas struct{ g generador.Generador }

// JugadasDe son las del generador.
func (s soloJugadas) JugadasDe(v generador.Vista, m letra.Multiconjunto) iter.Seq[generador.Jugada] {
	return s.g.JugadasDe(v, m)
}

// sinVersion es una Vista sin versión del tablero: el generador lo compara
// celda por celda cada vez.
type sinVersion struct{ *juego.Juego }

// VersionTablero devuelve 0: sin versión.
func (sinVersion) VersionTablero() uint64 { return 0 }

// jugarAlAzar hace una jugada válida al azar (o pasa si no hay), y
// verifica que Ubicar sume los puntos que el generador anunció.
func jugarAlAzar(t *rapid.T, g *generador.GADDAG, j *juego.Juego, validas map[string]int) {
	if len(validas) == 0 {
		require.NoError(t, j.Pasar())
		return
	}
	claves := slices.Sorted(maps.Keys(validas))
	clave := rapid.SampledFrom(claves).Draw(t, "jugada")
	o, err := ocurrencia.Parsear(clave, j.Variante().Alfabeto())
	require.NoError(t, err)
	turno := j.Turno()
	antes, err := j.Puntaje(turno)
	require.NoError(t, err)
	_, err = j.Ubicar(o)
	require.NoError(t, err)
	despues, err := j.Puntaje(turno)
	require.NoError(t, err)
	if _, fin := j.Terminada(); !fin { // al terminar, Puntaje incluye los ajustes
		require.Equal(t, validas[clave], despues-antes, "Ubicar de %s", clave)
	}
}

func partida(t *rapid.T, j *juego.Juego) {
	g, err := generador.Nuevo(j.Variante(), generador.Opciones{})
	require.NoError(t, err)
	for range rapid.IntRange(1, 8).Draw(t, "turnos") {
		validas := comparar(t, g, j)
		if _, fin := j.Terminada(); fin {
			require.Zero(t, generador.Contar(g, j))
			return
		}
		jugarAlAzar(t, g, j, validas)
	}
}

// TestExactitudEspecificacion compara el generador con la fuerza bruta en
// partidas al azar con las reglas de la especificación.
func TestExactitudEspecificacion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 5, MaxK: 2, MaxF: 4, MaxPalabras: 12})
		j, err := juego.Nuevo(p.K, p.Variante, p.Repositorio)
		require.NoError(t, err)
		partida(t, j)
	})
}

// TestExactitudClasica hace lo mismo con reglas clásicas al azar: premios,
// comodines, bingo y, a veces, centro y conexión.
func TestExactitudClasica(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		partida(t, pruebas.JuegoClasico(t))
	})
}

// TestOtroLexico: una tabla de anagramas de otro léxico es un error, no
// jugadas falsas; y con un juego de otra variante no hay jugadas.
func TestOtroLexico(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		otro := pruebas.JuegoClasico(t).Variante()
		ta, err := tablas.NuevosAnagramas(otro.Lexico(), 0)
		require.NoError(t, err)
		_, err = generador.Nuevo(j.Variante(), generador.Opciones{Anagramas: ta})
		if d := j.Variante().Lexico(); d.Tamano() != otro.Lexico().Tamano() || d.Estados() != otro.Lexico().Estados() {
			require.ErrorIs(t, err, trie.ErrOtroLexico)
		}
		g, err := generador.Nuevo(otro, generador.Opciones{})
		require.NoError(t, err)
		require.Zero(t, generador.Contar(g, j))
		_, hay := generador.Mejor(g, j)
		require.False(t, hay)
	})
}

// TestTablasCortas: una tabla de anagramas sin las palabras que caben en la
// primera jugada es un error; con ellas, no.
func TestTablasCortas(t *testing.T) {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"} {
		l, err := alf.Parsear(p)
		require.NoError(t, err)
		palabras = append(palabras, l)
	}
	lexico, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, 5, 4, nil, lexico, variante.Opciones{Conexion: true, Bolsa: true})
	require.NoError(t, err)
	corta, err := tablas.NuevosAnagramas(lexico, 3)
	require.NoError(t, err)
	_, err = generador.Nuevo(v, generador.Opciones{Anagramas: corta})
	require.ErrorIs(t, err, tablas.ErrCortas)
	larga, err := tablas.NuevosAnagramas(lexico, 4)
	require.NoError(t, err)
	_, err = generador.Nuevo(v, generador.Opciones{Anagramas: larga})
	require.NoError(t, err)
}

// Cortar el recorrido de Jugadas en cualquier jugada no vuelve a llamar a
// quien recorre (el iterador respeta el false de yield).
func TestJugadasSeCorta(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	bolsa, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	for turno := 0; turno < 8; turno++ {
		total := generador.Contar(g, j)
		for corte := 0; corte < total; corte += 1 + total/50 {
			i := 0
			for range generador.Jugadas(g, j) {
				if i == corte {
					break
				}
				i++
			}
		}
		m, ok := generador.Mejor(g, j)
		if !ok {
			break
		}
		_, err := j.Ubicar(m.Ocurrencia())
		require.NoError(t, err)
	}
}

// TestExactitudAlfabetoGrande hace lo mismo con un alfabeto de 40 letras y
// palabras de letras de los dos lados de la 31: los resúmenes de 32 bits
// de internal/arcos juntan las letras desde la 31 en un bit, y la búsqueda
// debe seguir siendo exacta.
func TestExactitudAlfabetoGrande(t *testing.T) {
	nombres := strings.Split("ABCDEFGHIJKLMNOPQRSTUVWXYZБГДЖЗИЛПФЦЧШЩЭ", "")
	alf, err := letra.NuevoAlfabeto(nombres...)
	require.NoError(t, err)
	rapid.Check(t, func(t *rapid.T) {
		v := pruebas.VarianteClasicaCon(t, alf, []letra.Letra{29, 30, 31, 36})
		k := rapid.IntRange(1, 2).Draw(t, "K")
		r, err := v.Repositorio(k, rapid.Uint64().Draw(t, "semilla"))
		require.NoError(t, err)
		j, err := juego.Nuevo(k, v, r)
		require.NoError(t, err)
		partida(t, j)
	})
}
