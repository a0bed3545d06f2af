package pacalgo_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// leerIncluido lee un mapa de examples/pacalgo2/mapas.
func leerIncluido(t testing.TB, nombre string) *pacalgo.Mapa {
	t.Helper()
	f, err := os.Open("../mapas/" + nombre)
	require.NoError(t, err)
	defer f.Close()
	m, err := pacalgo.LeerMapa(f)
	require.NoError(t, err)
	return m
}

// teclas escribe un camino con w a s d.
func teclas(camino []pacalgo.Direccion) string {
	var b strings.Builder
	for _, d := range camino {
		b.WriteByte(" wsad"[d])
	}
	return b.String()
}

// sinRepetirChocolates comprueba que el camino no pise dos veces un
// chocolate (el inicio cuenta como pisado): es lo que permite a Resolver
// olvidar cuáles se comieron.
func sinRepetirChocolates(t require.TestingT, m *pacalgo.Mapa, camino []pacalgo.Direccion) {
	chocolates := map[pacalgo.Casillero]bool{}
	for c := range m.Chocolates() {
		chocolates[c] = true
	}
	pisados := map[pacalgo.Casillero]bool{}
	c := m.Inicio()
	for i := 0; ; i++ {
		if chocolates[c] {
			require.False(t, pisados[c], "el camino %s pisa dos veces el chocolate de %v", teclas(camino), c)
			pisados[c] = true
		}
		if i == len(camino) {
			return
		}
		c = c.Mas(camino[i].Delta())
	}
}

// repetir hace el camino en un juego nuevo de m y lo devuelve.
func repetir(t require.TestingT, m *pacalgo.Mapa, camino []pacalgo.Direccion) *pacalgo.Juego {
	j, err := pacalgo.Nuevo(m)
	require.NoError(t, err)
	for i, d := range camino {
		require.NoError(t, j.Mover(d), "movimiento %d", i)
	}
	return j
}

func TestResolverMapasIncluidos(t *testing.T) {
	for _, c := range []struct {
		nombre, camino string
		puntaje        int
	}{
		// Derecho, el chocolate de (3, 5) se acaba a distancia 3 del
		// fantasma: hay que dar la vuelta por el anillo de adentro y comer el
		// segundo. Sin chocolates, el anillo de afuera da 28.
		{"anillos.txt", "ddwwddddddddddddddssd", 22},
		{"laberinto.txt", "ddddssaassddddwwwwddddddssssaawwaassssssddwwdd", 47},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			m := leerIncluido(t, c.nombre)
			s, err := pacalgo.Resolver(m)
			require.NoError(t, err)
			require.Equal(t, c.puntaje, s.Puntaje)
			require.Equal(t, c.camino, teclas(s.Camino))
			j := repetir(t, m, s.Camino)
			p, ok := j.Puntaje()
			require.True(t, ok)
			require.Equal(t, s.Puntaje, p)
		})
	}
	m := leerIncluido(t, "anillos.txt")
	j, err := pacalgo.Nuevo(m)
	require.NoError(t, err)
	for range 12 {
		require.NoError(t, j.Derecha())
	}
	require.True(t, j.Perdio(), "derecho por el pasillo se pierde")
	sin, err := pacalgo.ParsearMapa(strings.ReplaceAll(m.Formatear(), "o", "."))
	require.NoError(t, err)
	s, err := pacalgo.Resolver(sin)
	require.NoError(t, err)
	require.Equal(t, 28, s.Puntaje, "sin chocolates, por el anillo de afuera")
}

func TestResolverSinCamino(t *testing.T) {
	for nombre, texto := range map[string]string{
		"llegada en una pared":         "I..[#L]",
		"pared en el medio":            "I.#.L",
		"fantasma en el medio":         "I....F....L",
		"chocolate que no alcanza":     "[Io]" + strings.Repeat(".", 10) + "F" + strings.Repeat(".", 4) + "L",
		"llegada en un fantasma lejos": "[Io]" + strings.Repeat(".", 10) + "[FL]",
	} {
		t.Run(nombre, func(t *testing.T) {
			m, err := pacalgo.ParsearMapa(texto)
			require.NoError(t, err)
			s, err := pacalgo.Resolver(m)
			require.NoError(t, err)
			require.Zero(t, s.Puntaje)
			require.Nil(t, s.Camino)
			require.Positive(t, s.Estados)
		})
	}
	// Llegar ganando y perdiendo a la vez cuenta como ganar.
	m, err := pacalgo.ParsearMapa("[Io]" + strings.Repeat(".", 9) + "[FL]")
	require.NoError(t, err)
	s, err := pacalgo.Resolver(m)
	require.NoError(t, err)
	require.Equal(t, 11, s.Puntaje)
	j := repetir(t, m, s.Camino)
	require.True(t, j.Gano())
	require.True(t, j.Perdio())
}

// TestResolverMuchosChocolates: la búsqueda es sobre casillero y nivel, sin
// los chocolates comidos: con muchos chocolates explora a lo sumo 11
// estados por casillero.
func TestResolverMuchosChocolates(t *testing.T) {
	m, err := pacalgo.ParsearMapa("I" + strings.Repeat("o", 1000) + "L")
	require.NoError(t, err)
	s, err := pacalgo.Resolver(m)
	require.NoError(t, err)
	require.Equal(t, 1002, s.Puntaje)

	// Un campo de 40×30 con 200 chocolates y 25 fantasmas al azar (fijos).
	var b strings.Builder
	for y := range 30 {
		for x := range 40 {
			switch k := (x*7919 + y*104729) % 97; {
			case x == 0 && y == 0:
				b.WriteByte('I')
			case x == 39 && y == 29:
				b.WriteByte('L')
			case k < 16 && x+y > 4:
				b.WriteByte('F')
			case k < 32:
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	m, err = pacalgo.ParsearMapa(b.String())
	require.NoError(t, err)
	s, err = pacalgo.Resolver(m)
	require.NoError(t, err)
	require.Positive(t, s.Puntaje)
	require.LessOrEqual(t, s.Estados, 11*40*30)
	j := repetir(t, m, s.Camino)
	require.True(t, j.Gano())

	_, err = pacalgo.Resolver(nil)
	require.ErrorIs(t, err, pacalgo.ErrSinMapa)
}

// TestResolverVolverConChocolate: el único camino vuelve a pasar por un
// casillero, ahora con chocolate: una búsqueda que siga solo el primer
// estado de cada casillero, sin mirar el nivel, no lo encuentra.
//
//	######o#########
//	I..........F...L
func TestResolverVolverConChocolate(t *testing.T) {
	m, err := pacalgo.ParsearMapa("######o#########\nI..........F...L\n")
	require.NoError(t, err)
	s, err := pacalgo.Resolver(m)
	require.NoError(t, err)
	require.Equal(t, "ddddddwsddddddddd", teclas(s.Camino))
	require.Equal(t, 18, s.Puntaje)
	require.Equal(t, 18, anchura(m))
}

// fuerzaBruta prueba todas las sucesiones de hasta cota movimientos desde
// j y devuelve el menor puntaje de las que ganan, o 0 si ninguna gana.
func fuerzaBruta(j *pacalgo.Juego, cota int, nodos *int) int {
	*nodos++
	if p, ok := j.Puntaje(); ok {
		return p
	}
	if cota == 0 || j.Terminada() {
		return 0
	}
	mejor := 0
	for d := pacalgo.Arriba; d <= pacalgo.Derecha; d++ {
		c := j.Clonar()
		if c.Mover(d) != nil {
			continue
		}
		if p := fuerzaBruta(c, cota-1, nodos); p > 0 && (mejor == 0 || p < mejor) {
			mejor = p
		}
	}
	return mejor
}

// TestResolverContraFuerzaBruta: en mapas chicos al azar, el puntaje de
// Resolver es el menor de todas las sucesiones de hasta cota movimientos
// (o mayor que cota + 1, o 0, si ninguna gana: entonces la búsqueda
// completa de anchura tampoco encuentra camino); su camino gana con ese
// puntaje en el juego y en el modelo. Los mapas tienen más paredes que los
// de las otras pruebas, para que haya caminos largos y mapas sin camino.
// Con PALABRAS_LARGAS=1, mapas de 4×4 a 5×5 y 11 movimientos (la corrida
// del README, con -cota 13: 2000 mapas en 3 minutos de CPU, de 4 a 20 de
// reloj según la carga de la máquina); si no, de 3×3 a 4×4 y 10.
var cotaLarga = flag.Int("cota", 11, "movimientos de la fuerza bruta con PALABRAS_LARGAS=1")

func TestResolverContraFuerzaBruta(t *testing.T) {
	minLado, maxLado, cota := 3, 4, 10
	if largas() {
		minLado, maxLado, cota = 4, 5, *cotaLarga
	}
	var casos, resueltos, conChocolate, masLargos, imposibles, nodos, largo int
	rapid.Check(t, func(t *rapid.T) {
		casos++
		d := mapasDe(forma{minLado: minLado, maxLado: maxLado, pared: 40, fantasma: 25, chocolate: 15}).Draw(t, "mapa")
		m := d.mapa(t)
		s, err := pacalgo.Resolver(m)
		require.NoError(t, err)
		j, err := pacalgo.Nuevo(m)
		require.NoError(t, err)
		mejor := fuerzaBruta(j, cota, &nodos)
		switch {
		case mejor > 0:
			resueltos++
			largo += mejor
			require.Equal(t, mejor, s.Puntaje, "la fuerza bruta gana con %d", mejor)
		case s.Puntaje > 0:
			masLargos++
			require.Greater(t, s.Puntaje, cota+1, "la fuerza bruta no encuentra el camino %s", teclas(s.Camino))
		default:
			// La fuerza bruta no prueba que no haya camino más largo: la
			// búsqueda sobre los estados completos sí.
			imposibles++
			require.Zero(t, anchura(m), "anchura encuentra un camino que Resolver no")
		}
		if s.Puntaje == 0 {
			require.Nil(t, s.Camino)
			return
		}
		require.Len(t, s.Camino, s.Puntaje-1)
		sinRepetirChocolates(t, m, s.Camino)
		j = repetir(t, m, s.Camino)
		p, ok := j.Puntaje()
		require.True(t, ok)
		require.Equal(t, s.Puntaje, p)
		if len(d.chocolates) > j.CantidadChocolatesRestantes() {
			conChocolate++
		}
		mod := tad.InicializarJuego(d.modelo())
		for _, dir := range s.Camino {
			g := tad.Generador(dir) // Arriba… Derecha son 1… 4 en los dos
			require.True(t, mod.Precondicion(g), "el modelo no acepta %v", dir)
			mod = mod.Aplicar(g)
		}
		require.True(t, mod.Gano())
		require.Equal(t, s.Puntaje, mod.Puntaje())
	})
	t.Logf("%d mapas: %d ganables en %d movimientos o menos (puntaje medio %.1f; %d comiendo), %d con caminos más largos, %d sin camino; %d nodos de fuerza bruta",
		casos, resueltos, cota, float64(largo)/float64(max(resueltos, 1)), conChocolate, masLargos, imposibles, nodos)
}

// anchura es un segundo resolvedor, simple: búsqueda a lo ancho sobre los
// estados completos del juego (posición, nivel de chocolate y chocolates que
// quedan, lo único de lo que depende el futuro de una partida), moviéndose
// con Juego, sin la comparación por niveles ni la máscara de bits de
// Resolver. Devuelve el menor puntaje, o 0 si no se puede ganar.
func anchura(m *pacalgo.Mapa) int {
	j, _ := pacalgo.Nuevo(m)
	clave := func(j *pacalgo.Juego) string {
		return fmt.Sprint(j.PosicionActual(), j.NivelDeChocolate(), slices.Collect(j.ChocolatesRestantes()))
	}
	vistos := map[string]bool{clave(j): true}
	for cola := []*pacalgo.Juego{j}; len(cola) > 0; cola = cola[1:] {
		for d := pacalgo.Arriba; d <= pacalgo.Derecha; d++ {
			c := cola[0].Clonar()
			if c.Mover(d) != nil {
				continue
			}
			if p, ok := c.Puntaje(); ok {
				return p
			}
			if k := clave(c); !vistos[k] && !c.Terminada() {
				vistos[k] = true
				cola = append(cola, c)
			}
		}
	}
	return 0
}

// TestResolverContraAnchura: en mapas medianos al azar, Resolver da el
// mismo puntaje que la búsqueda sobre los estados completos, con los
// chocolates que quedan: olvidar cuáles se comieron y comparar por niveles
// no pierde caminos.
func TestResolverContraAnchura(t *testing.T) {
	var casos, ganables, largos int
	rapid.Check(t, func(t *rapid.T) {
		casos++
		d := mapasDe(forma{minLado: 6, maxLado: 12, pared: 30, fantasma: 20, chocolate: 4}).Draw(t, "mapa")
		m := d.mapa(t)
		s, err := pacalgo.Resolver(m)
		require.NoError(t, err)
		require.Equal(t, anchura(m), s.Puntaje, "Resolver da el camino %s", teclas(s.Camino))
		if s.Puntaje > 0 {
			ganables++
			sinRepetirChocolates(t, m, s.Camino)
			j := repetir(t, m, s.Camino)
			require.True(t, j.Gano())
		}
		if s.Puntaje > pacalgo.NivelChocolate+1 {
			largos++
		}
	})
	t.Logf("%d mapas: %d ganables, %d con el mejor camino de más de %d movimientos", casos, ganables, largos, pacalgo.NivelChocolate)
}
