package pacalgo_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// Pruebas del juego contra el modelo: la transcripción literal de los
// axiomas de las dos partes en examples/pacalgo2/internal/tad.

// maquina es el estado de la prueba: el juego y los modelos, que deben
// coincidir en todo observador después de cada acción. mod1 es el juego de
// la Parte 1, solo si el mapa no tiene chocolates (nil si tiene).
type maquina struct {
	d    descripcion
	j    *pacalgo.Juego
	mod  tad.Pacalgo2
	mod1 *tad.Pacalgo1
	// Cuentan los movimientos aceptados y rechazados, los que pisan un
	// fantasma (con chocolate) y los que comen un chocolate.
	aceptados, rechazados, sobreFantasmas, comidos *int
}

// casilleros pasa una secuencia de casilleros al modelo.
func casilleros[S ~func(func(pacalgo.Casillero) bool)](s S) tad.Conj {
	var c tad.Conj
	for x := range s {
		c = append(c, tad.Casillero(x))
	}
	return c
}

// ordenado comprueba que los casilleros estén ordenados por y y luego por x,
// sin repetidos.
func ordenado(t require.TestingT, c tad.Conj, que string) {
	for i := 1; i < len(c); i++ {
		require.True(t, c[i-1].Y < c[i].Y || c[i-1].Y == c[i].Y && c[i-1].X < c[i].X, "%s no está ordenado: %v", que, c)
	}
}

// compararMapa compara los observadores del mapa con los del modelo.
func compararMapa(t *rapid.T, m *pacalgo.Mapa, mod tad.Mapa) {
	require.Equal(t, pacalgo.Dimension{Ancho: mod.Dimensiones().X, Alto: mod.Dimensiones().Y}, m.Dimensiones())
	require.Equal(t, mod.Vertice(), tad.Casillero(m.Vertice()))
	require.Equal(t, mod.CasilleroInicial(), tad.Casillero(m.Inicio()))
	require.Equal(t, mod.CasilleroDeLlegada(), tad.Casillero(m.Llegada()))
	for _, c := range []struct {
		nombre string
		mapa   tad.Conj
		modelo tad.Conj
	}{
		{"fantasmas", casilleros(m.Fantasmas()), mod.ConjFantasmas()},
		{"paredes", casilleros(m.Paredes()), mod.ConjParedes()},
		{"chocolates", casilleros(m.Chocolates()), mod.ConjChocolates()},
		{"casillerosLibres", casilleros(m.CasillerosLibres()), mod.CasillerosLibres()},
	} {
		require.True(t, tad.Igual(c.modelo, c.mapa), "%s: modelo %v, mapa %v", c.nombre, c.modelo, c.mapa)
		ordenado(t, c.mapa, c.nombre)
	}
	v := mod.Vertice()
	for x := v.X - 2; x < v.X+mod.Dimensiones().X+2; x++ {
		for y := v.Y - 2; y < v.Y+mod.Dimensiones().Y+2; y++ {
			c := tad.Casillero{X: x, Y: y}
			require.Equal(t, tad.DentroDeLasDimensiones(mod.Dimensiones(), v, c), m.Dentro(pacalgo.Casillero(c)), "dentro %v", c)
		}
	}
}

// comparar es el invariante: todo observador del juego coincide con el del
// modelo (y con el de la Parte 1 si no hay chocolates).
func (m *maquina) comparar(t *rapid.T) {
	mod := m.mod
	tray := casilleros(m.j.Trayectoria())
	slices.Reverse(tray) // el juego la da desde el inicio; el TAD, desde la posición actual
	require.Equal(t, mod.Trayectoria(), []tad.Casillero(tray), "trayectoria")
	require.Equal(t, len(tray)-1, m.j.Movimientos())
	require.Equal(t, mod.PosicionActual(), tad.Casillero(m.j.PosicionActual()))
	require.Equal(t, mod.Gano(), m.j.Gano(), "ganó?")
	require.Equal(t, mod.Perdio(), m.j.Perdio(), "perdió?")
	require.Equal(t, mod.Gano() || mod.Perdio(), m.j.Terminada())
	puntaje, ok := m.j.Puntaje()
	require.Equal(t, mod.Gano(), ok)
	if ok {
		require.Equal(t, mod.Puntaje(), puntaje)
	} else {
		require.Zero(t, puntaje)
	}
	require.Equal(t, mod.NivelDeChocolate(), m.j.NivelDeChocolate(), "nivelDeChocolate")
	restantes := casilleros(m.j.ChocolatesRestantes())
	require.True(t, tad.Igual(mod.ChocolatesRestantes(), restantes), "chocolatesRestantes: modelo %v, juego %v", mod.ChocolatesRestantes(), restantes)
	ordenado(t, restantes, "chocolatesRestantes")
	require.Equal(t, len(restantes), m.j.CantidadChocolatesRestantes())
	var posibles tad.Conj
	for d, c := range m.j.DireccionesPosibles() {
		require.Equal(t, m.j.PosicionActual().Mas(d.Delta()), c, "la dirección %v lleva a %v", d, c)
		posibles = append(posibles, tad.Casillero(c))
	}
	require.True(t, tad.Igual(mod.DireccionesPosibles(), posibles), "direccionesPosibles: modelo %v, juego %v", mod.DireccionesPosibles(), posibles)
	for _, g := range tad.Generadores() {
		require.Equal(t, mod.Precondicion(g), m.j.Validar(direccion(g)) == nil, "precondición de %v", direccion(g))
	}
	if m.mod1 != nil {
		mod1 := *m.mod1
		require.Equal(t, mod1.Trayectoria(), mod.Trayectoria())
		require.Equal(t, mod1.Gano(), mod.Gano())
		require.Equal(t, mod1.Perdio(), mod.Perdio(), "perdió? de las dos partes")
		require.True(t, tad.Igual(mod1.DireccionesPosibles(), mod.DireccionesPosibles()), "direccionesPosibles de las dos partes")
		for _, g := range tad.Generadores() {
			require.Equal(t, mod1.Precondicion(g), mod.Precondicion(g))
		}
	}
}

// foto resume todo lo que se observa del juego, para ver que un movimiento
// rechazado no lo cambie (además de comparar todo su estado interno con el
// de un clon: [sinCambios]).
func foto(j *pacalgo.Juego) string {
	p, ok := j.Puntaje()
	return fmt.Sprintf("%v %v %d %v %d %v %v %v %d %v\n%s", slices.Collect(j.Trayectoria()), j.PosicionActual(), j.NivelDeChocolate(),
		slices.Collect(j.ChocolatesRestantes()), j.CantidadChocolatesRestantes(), j.Gano(), j.Perdio(), ok, p, j.Movimientos(), j)
}

// sinCambios comprueba que j tenga todo el estado de antes, un clon
// tomado antes de un movimiento rechazado: también los campos que no se
// observan (reflect.DeepEqual sigue los punteros y compara los slices
// elemento a elemento).
func sinCambios(t require.TestingT, antes, j *pacalgo.Juego) {
	require.Equal(t, antes, j, "un movimiento rechazado cambió el estado del juego")
}

// motivo es el error con que el juego debe rechazar g según el modelo, que
// dice que no cumple su precondición. Un juego que no terminó nunca rechaza
// ir a un fantasma: sin chocolate, uno vecino ya hizo perder.
func (m *maquina) motivo(t *rapid.T, g tad.Generador) error {
	mod, mapa := m.mod, m.mod.VerMapa()
	destino := tad.Destino(mod.PosicionActual(), g)
	switch {
	case mod.Gano() || mod.Perdio():
		return pacalgo.ErrPartidaTerminada
	case !tad.DentroDeLasDimensiones(mapa.Dimensiones(), mapa.Vertice(), destino):
		return pacalgo.ErrBorde
	case tad.Pertenece(destino, mapa.ConjParedes()):
		return pacalgo.ErrPared
	}
	t.Fatalf("el modelo rechaza ir a %v, que no es una pared, sin haber terminado", destino)
	return nil
}

// mover aplica g al juego y al modelo si cumple su precondición; si no,
// comprueba que el juego lo rechace con su motivo y no cambie.
func (m *maquina) mover(t *rapid.T, g tad.Generador) {
	d := direccion(g)
	if m.mod.Precondicion(g) {
		require.NoError(t, m.j.Mover(d), "el modelo acepta %v", d)
		if tad.Pertenece(tad.Destino(m.mod.PosicionActual(), g), m.mod.VerMapa().ConjFantasmas()) {
			*m.sobreFantasmas++
		}
		if tad.Pertenece(tad.Destino(m.mod.PosicionActual(), g), m.mod.ChocolatesRestantes()) {
			*m.comidos++
		}
		m.mod = m.mod.Aplicar(g)
		if m.mod1 != nil {
			*m.mod1 = m.mod1.Aplicar(g)
		}
		*m.aceptados++
		return
	}
	antes, clon := foto(m.j), m.j.Clonar()
	err := m.j.Mover(d)
	require.ErrorIs(t, err, m.motivo(t, g), "el modelo rechaza %v", d)
	require.Equal(t, antes, foto(m.j), "un movimiento rechazado cambió el juego")
	sinCambios(t, clon, m.j)
	*m.rechazados++
}

// maxMovimientos es el largo de las partidas de TestJuegoContraModelo a
// partir del cual se puede empezar otra: el modelo tarda O(n³) en cada
// observador de una partida de n movimientos, y el chocolate dura 10.
const maxMovimientos = 40

// TestJuegoContraModelo es la máquina de estados: en mapas al azar de hasta
// 6×6, movimientos al azar (la mitad, entre los posibles), y después de
// cada uno todo observador del juego igual al del modelo. Cerca de 4 de
// cada 10 mapas no tienen chocolates, y el modelo de la Parte 1 también se
// compara. Cuando una partida termina o llega a maxMovimientos, la
// siguiente puede empezar en el mismo mapa.
func TestJuegoContraModelo(t *testing.T) {
	var casos, aceptados, rechazados, sobreFantasmas, comidos, ganados, perdidos int
	// pasos son las acciones hechas (sin las que se saltan), cada una
	// seguida de la comparación; los de la Parte 1, las que se comparan
	// también con su modelo (mapas sin chocolates).
	var pasos, casosParte1, pasosParte1, perdidosParte1 int
	rapid.Check(t, func(t *rapid.T) {
		casos++
		// Parte de los mapas (un cuarto si rapid eligiera parejo; como
		// prefiere los extremos, cerca de 4 de cada 10) es de la Parte 1:
		// sin chocolates, el juego se compara también con su modelo.
		generador := mapas(6)
		if rapid.IntRange(0, 3).Draw(t, "parte") == 3 {
			generador = mapasParte1(6)
		}
		d := generador.Draw(t, "mapa")
		mapa := d.mapa(t)
		j, err := pacalgo.Nuevo(mapa)
		require.NoError(t, err)
		require.Same(t, mapa, j.Mapa(), "verMapa")
		m := &maquina{d: d, j: j, aceptados: &aceptados, rechazados: &rechazados, sobreFantasmas: &sobreFantasmas, comidos: &comidos}
		empezar := func() {
			m.mod = tad.InicializarJuego(d.modelo())
			if len(d.chocolates) == 0 {
				mod1 := tad.InicializarJuego1(d.modelo1())
				m.mod1 = &mod1
			}
		}
		empezar()
		if m.mod1 != nil {
			casosParte1++
		}
		compararMapa(t, mapa, m.mod.VerMapa())
		primera := true
		t.Repeat(map[string]func(*rapid.T){
			"": func(t *rapid.T) {
				if !primera { // la primera es antes de la primera acción
					pasos++
					if m.mod1 != nil {
						pasosParte1++
					}
				}
				primera = false
				m.comparar(t)
			},
			"mover a un lado posible": func(t *rapid.T) {
				var posibles []tad.Generador
				for _, g := range tad.Generadores() {
					if m.mod.Precondicion(g) {
						posibles = append(posibles, g)
					}
				}
				if len(posibles) == 0 {
					t.Skip("no hay movimientos")
				}
				m.mover(t, rapid.SampledFrom(posibles).Draw(t, "movimiento"))
			},
			"mover a cualquier lado": func(t *rapid.T) {
				m.mover(t, rapid.SampledFrom(tad.Generadores()).Draw(t, "movimiento"))
			},
			"dirección inválida": func(t *rapid.T) {
				d := rapid.SampledFrom([]pacalgo.Direccion{pacalgo.Ninguna, pacalgo.Derecha + 1, 255}).Draw(t, "dirección")
				antes, clon := foto(m.j), m.j.Clonar()
				require.ErrorIs(t, m.j.Validar(d), pacalgo.ErrDireccionInvalida)
				require.ErrorIs(t, m.j.Mover(d), pacalgo.ErrDireccionInvalida)
				require.Equal(t, antes, foto(m.j))
				sinCambios(t, clon, m.j)
				*m.rechazados++
			},
			"empezar otra partida": func(t *rapid.T) {
				if !m.j.Terminada() && m.j.Movimientos() < maxMovimientos {
					t.Skip("la partida sigue")
				}
				if m.j.Gano() {
					ganados++
				}
				if m.j.Perdio() {
					perdidos++
					if m.mod1 != nil {
						perdidosParte1++
					}
				}
				m.j, err = pacalgo.Nuevo(mapa)
				require.NoError(t, err)
				empezar()
			},
		})
	})
	t.Logf("%d casos, %d pasos: %d movimientos aceptados (%d sobre un fantasma, %d comiendo) y %d rechazados; %d partidas terminadas ganando y %d perdiendo",
		casos, pasos, aceptados, sobreFantasmas, comidos, rechazados, ganados, perdidos)
	t.Logf("Parte 1 (mapas sin chocolates, comparados también con su modelo): %d casos, %d pasos, %d partidas perdidas",
		casosParte1, pasosParte1, perdidosParte1)
}
