package pacalgo_test

import (
	"flag"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// Pruebas largas: con la variable de entorno PALABRAS_LARGAS=1 (la
// integración continua), las pruebas de propiedades hacen 300 casos de unos
// 60 pasos (-rapid.checks y -rapid.steps, salvo que se den en la línea de
// comandos: la corrida de 2000 casos de 100 pasos del README tarda media
// hora con la máquina cargada, 19 minutos de CPU) y la fuerza bruta del
// resolvedor recorre mapas más grandes y caminos más largos. Sin ella,
// rapid hace sus 100 casos por omisión de unos 30 pasos y todo el paquete
// se prueba en pocos segundos.
//
//	PALABRAS_LARGAS=1 go test -v -run 'Modelo|FuerzaBruta' ./examples/pacalgo2/pacalgo
func TestMain(m *testing.M) {
	flag.Parse()
	if largas() {
		dados := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { dados[f.Name] = true })
		for nombre, valor := range map[string]string{"rapid.checks": "300", "rapid.steps": "60"} {
			if !dados[nombre] {
				if err := flag.Set(nombre, valor); err != nil {
					panic(err)
				}
			}
		}
	}
	os.Exit(m.Run())
}

// largas dice si se piden las pruebas largas.
func largas() bool { return os.Getenv("PALABRAS_LARGAS") == "1" }

// descripcion son los argumentos de nuevoMapa.
type descripcion struct {
	dim                            pacalgo.Dimension
	vertice, inicio, llegada       pacalgo.Casillero
	fantasmas, paredes, chocolates []pacalgo.Casillero
}

// mapa construye el mapa de d, que debe ser válido.
func (d descripcion) mapa(t require.TestingT) *pacalgo.Mapa {
	m, err := pacalgo.NuevoMapa(d.dim, d.vertice, d.inicio, d.llegada, d.fantasmas, d.paredes, d.chocolates)
	require.NoError(t, err)
	return m
}

// conj pasa casilleros al modelo.
func conj(cs []pacalgo.Casillero) tad.Conj {
	var c tad.Conj
	for _, x := range cs {
		c = tad.Ag(tad.Casillero(x), c)
	}
	return c
}

// modelo es nuevoMapa(d) en la transcripción de la Parte 2.
func (d descripcion) modelo() tad.Mapa {
	return tad.NuevoMapa(tad.Tupla{X: d.dim.Ancho, Y: d.dim.Alto}, tad.Casillero(d.vertice), tad.Casillero(d.inicio),
		tad.Casillero(d.llegada), conj(d.fantasmas), conj(d.paredes), conj(d.chocolates))
}

// modelo1 es nuevoMapa(d) en la transcripción de la Parte 1. Precondición:
// d no tiene chocolates.
func (d descripcion) modelo1() tad.Mapa1 {
	return tad.NuevoMapa1(tad.Tupla{X: d.dim.Ancho, Y: d.dim.Alto}, tad.Casillero(d.vertice), tad.Casillero(d.inicio),
		tad.Casillero(d.llegada), conj(d.fantasmas), conj(d.paredes))
}

// forma es cómo son los mapas que se generan: los lados, y en por ciento
// de los casilleros que no son el inicio, las paredes, los fantasmas y los
// chocolates.
type forma struct {
	minLado, maxLado           int
	pared, fantasma, chocolate int
}

// porcientoLlegadaEn es la probabilidad de que la llegada esté en una pared
// o un fantasma.
const porcientoLlegadaEn = 10

// mapas genera mapas válidos de hasta maxLado×maxLado casilleros (al menos
// dos), con el vértice cerca de ⟨0, 0⟩. Los arma directamente, sin
// descartar: el inicio no tiene pared ni fantasma, la llegada es otro
// casillero, y si el inicio no tiene chocolate ningún fantasma está a
// distancia 3 o menos de él. Hay chocolates en paredes, en fantasmas y en
// la llegada, y a veces la llegada en una pared o un fantasma. Un casillero
// se achica hacia vacío y sin chocolate.
func mapas(maxLado int) *rapid.Generator[descripcion] {
	return mapasDe(forma{minLado: 1, maxLado: maxLado, pared: 15, fantasma: 25, chocolate: 15})
}

// mapasParte1 es mapas sin ningún chocolate, ni en el inicio: mapas de la
// Parte 1, con fantasmas a más de distancia 3 del inicio.
func mapasParte1(maxLado int) *rapid.Generator[descripcion] {
	return mapasDe(forma{minLado: 1, maxLado: maxLado, pared: 15, fantasma: 25})
}

// mapasDe es mapas de la forma f. Si f.chocolate es 0 no hay chocolates,
// tampoco en el inicio.
func mapasDe(f forma) *rapid.Generator[descripcion] {
	return rapid.Custom(func(t *rapid.T) descripcion {
		ancho := rapid.IntRange(f.minLado, f.maxLado).Draw(t, "ancho")
		alto := rapid.IntRange(f.minLado, f.maxLado).Draw(t, "alto")
		if ancho*alto < 2 {
			alto = 2
		}
		d := descripcion{
			dim:     pacalgo.Dimension{Ancho: ancho, Alto: alto},
			vertice: pacalgo.Casillero{X: rapid.IntRange(-3, 3).Draw(t, "x0"), Y: rapid.IntRange(-3, 3).Draw(t, "y0")},
		}
		n := ancho * alto
		casillero := func(i int) pacalgo.Casillero {
			return pacalgo.Casillero{X: d.vertice.X + i%ancho, Y: d.vertice.Y + i/ancho}
		}
		ini := rapid.IntRange(0, n-1).Draw(t, "inicio")
		lle := rapid.IntRange(0, n-2).Draw(t, "llegada")
		// rapid prefiere números chicos: la mitad de las veces la llegada
		// se cuenta desde el otro extremo, lejos del inicio.
		if rapid.Bool().Draw(t, "llegada lejos") {
			lle = n - 2 - lle
		}
		if lle >= ini {
			lle++
		}
		d.inicio, d.llegada = casillero(ini), casillero(lle)
		// Sin chocolate en el inicio, casi todo un mapa chico queda sin
		// fantasmas: la mitad de las veces lo tiene.
		protegido := f.chocolate > 0 && rapid.Bool().Draw(t, "chocolate en el inicio")
		if protegido {
			d.chocolates = append(d.chocolates, d.inicio)
		}
		for i := range n {
			if i == ini {
				continue
			}
			c := casillero(i)
			tipo := rapid.IntRange(0, 99).Draw(t, "casillero")
			if i == lle && rapid.IntRange(0, 99).Draw(t, "llegada en algo") < 100-porcientoLlegadaEn {
				tipo = 0
			}
			switch {
			case tipo >= 100-f.fantasma && (protegido || c.Distancia(d.inicio) > pacalgo.AlcanceFantasma):
				d.fantasmas = append(d.fantasmas, c)
			case tipo >= 100-f.fantasma-f.pared && tipo < 100-f.fantasma:
				d.paredes = append(d.paredes, c)
			}
			if f.chocolate > 0 && rapid.IntRange(0, 99).Draw(t, "chocolate") >= 100-f.chocolate {
				d.chocolates = append(d.chocolates, c)
			}
		}
		return d
	})
}

// direccion es la dirección de un generador del modelo.
func direccion(g tad.Generador) pacalgo.Direccion {
	return map[tad.Generador]pacalgo.Direccion{
		tad.Arriba: pacalgo.Arriba, tad.Abajo: pacalgo.Abajo, tad.Izquierda: pacalgo.Izquierda, tad.Derecha: pacalgo.Derecha,
	}[g]
}

// TestMapasValidos: los mapas que genera mapas cumplen la precondición del
// modelo y el constructor los acepta, y los de mapasParte1 la de la Parte 1; y entre los 500 primeros ejemplos
// (fijos: Generator.Example con las semillas 0 a 499) aparecen los casos
// raros.
func TestMapasValidos(t *testing.T) {
	var conChocolateEnAlgo, llegadaOcupada, inicioProtegido int
	for semilla := range 500 {
		d := mapas(6).Example(semilla)
		require.True(t, tad.PrecondicionNuevoMapa(d.modelo().Dimensiones(), tad.Casillero(d.vertice), tad.Casillero(d.inicio),
			tad.Casillero(d.llegada), conj(d.fantasmas), conj(d.paredes), conj(d.chocolates)), "semilla %d", semilla)
		d.mapa(t)
		for _, c := range d.chocolates {
			if slices.Contains(d.fantasmas, c) || slices.Contains(d.paredes, c) || c == d.llegada {
				conChocolateEnAlgo++
				break
			}
		}
		if slices.Contains(d.fantasmas, d.llegada) || slices.Contains(d.paredes, d.llegada) {
			llegadaOcupada++
		}
		if slices.Contains(d.chocolates, d.inicio) {
			inicioProtegido++
		}
	}
	var conFantasmas int
	for semilla := range 500 {
		d := mapasParte1(6).Example(semilla)
		require.Empty(t, d.chocolates)
		m := d.modelo1()
		require.True(t, tad.PrecondicionNuevoMapa1(m.Dimensiones(), m.Vertice(), m.CasilleroInicial(), m.CasilleroDeLlegada(),
			m.ConjFantasmas(), m.ConjParedes()), "semilla %d", semilla)
		d.mapa(t)
		if len(d.fantasmas) > 0 {
			conFantasmas++
		}
	}
	t.Logf("de 500 mapas: %d con chocolates en paredes, fantasmas o la llegada, %d con la llegada ocupada, %d con chocolate en el inicio; de 500 de la Parte 1, %d con fantasmas",
		conChocolateEnAlgo, llegadaOcupada, inicioProtegido, conFantasmas)
	require.Positive(t, conFantasmas, "mapas de la Parte 1 con fantasmas")
	require.Positive(t, conChocolateEnAlgo, "chocolates en paredes, fantasmas o la llegada")
	require.Positive(t, llegadaOcupada, "llegada en una pared o un fantasma")
	require.Positive(t, inicioProtegido, "inicio con chocolate")
}
