package juego_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// validas devuelve las jugadas válidas del jugador en turno con sus puntos.
func validas(t *rapid.T, j *juego.Juego) map[string]int {
	res := map[string]int{}
	for _, o := range pruebas.Candidatas(j) {
		if p, err := j.PuntajeObtenido(o); err == nil {
			res[o.String()] = p
		}
	}
	return res
}

// igualesDesdeAfuera comprueba que dos juegos se vean iguales por su
// interfaz: turno, manos, puntajes, tablero, repositorio y jugadas válidas
// con sus puntos.
func igualesDesdeAfuera(t *rapid.T, a, b *juego.Juego) map[string]int {
	require.Equal(t, a.Turno(), b.Turno())
	require.Equal(t, a.Tablero(), b.Tablero())
	require.Equal(t, a.Repositorio(), b.Repositorio())
	for i := range a.Jugadores() {
		fa, _ := a.Fichas(i)
		fb, _ := b.Fichas(i)
		require.Equal(t, fa, fb, "mano del jugador %d", i)
		pa, _ := a.Puntaje(i)
		pb, _ := b.Puntaje(i)
		require.Equal(t, pa, pb, "puntaje del jugador %d", i)
	}
	va, vb := validas(t, a), validas(t, b)
	require.Equal(t, va, vb)
	return va
}

// TestDesdePosicionSigueIgual: una partida que empieza en la posición de
// otra (Posicion y DesdePosicion) sigue igual que ella: las mismas jugadas
// válidas con los mismos puntos, y las mismas manos y puntajes después de
// hacer la misma jugada; el invariante vale en las dos.
func TestDesdePosicionSigueIgual(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var j *juego.Juego
		if rapid.Bool().Draw(t, "clasica") {
			j = pruebas.JuegoClasico(t)
		} else {
			p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 5, MaxK: 3, MaxF: 4, MaxPalabras: 12})
			var err error
			j, err = juego.Nuevo(p.K, p.Variante, p.Repositorio)
			require.NoError(t, err)
		}
		jugar := func(j *juego.Juego, vs map[string]int, clave string) {
			if clave == "" {
				require.NoError(t, j.Pasar())
				return
			}
			o, err := ocurrencia.Parsear(clave, j.Variante().Alfabeto())
			require.NoError(t, err)
			puntos, err := j.Ubicar(o)
			require.NoError(t, err)
			require.Equal(t, vs[clave], puntos)
		}
		elegir := func(vs map[string]int) string {
			if len(vs) == 0 || rapid.IntRange(0, 9).Draw(t, "pasar") == 0 {
				return ""
			}
			return rapid.SampledFrom(slices.Sorted(maps.Keys(vs))).Draw(t, "jugada")
		}
		for range rapid.IntRange(0, 4).Draw(t, "antes") {
			if _, fin := j.Terminada(); fin {
				break
			}
			vs := validas(t, j)
			jugar(j, vs, elegir(vs))
		}
		if _, fin := j.Terminada(); fin {
			t.Skip("la partida terminó")
		}
		pos := j.Posicion()
		k, err := juego.DesdePosicion(j.Variante(), pos)
		require.NoError(t, err)
		require.NoError(t, k.Verificar())
		require.Equal(t, pos, k.Posicion())
		require.Empty(t, k.PalabrasIlegitimas(), "una partida jugada no tiene palabras ilegítimas")
		for range rapid.IntRange(1, 3).Draw(t, "despues") {
			vs := igualesDesdeAfuera(t, j, k)
			_, finJ := j.Terminada()
			_, finK := k.Terminada()
			require.Equal(t, finJ, finK)
			if finJ {
				return
			}
			clave := elegir(vs)
			jugar(j, vs, clave)
			jugar(k, vs, clave)
			require.NoError(t, k.Verificar())
		}
	})
}

func TestDesdePosicionErrores(t *testing.T) {
	clasica := espanol.Clasica()
	alf := clasica.Alfabeto()
	mano := func(s string) letra.Multiconjunto {
		ls, err := alf.ParsearFichas(s)
		require.NoError(t, err)
		return letra.NuevoMulticonjunto(ls...)
	}
	vacio, err := tablero.Nuevo(15, alf)
	require.NoError(t, err)
	buena := juego.Posicion{Tablero: vacio, Manos: []letra.Multiconjunto{mano("AEIOUSR"), mano("ABCDEFG")}}
	_, err = juego.DesdePosicion(clasica, buena)
	require.NoError(t, err)

	chico, _ := tablero.Nuevo(5, alf)
	ingles, _ := tablero.Nuevo(15, letra.Ingles())
	zetas, _ := vacio.Poner(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: mano("Z").Letras()[0]}, ocurrencia.Ficha{Fila: 7, Columna: 8, Letra: mano("Z").Letras()[0]})
	casos := []struct {
		nombre string
		cambio func(p *juego.Posicion)
		motivo error
	}{
		{"sin manos", func(p *juego.Posicion) { p.Manos = nil }, variante.ErrJugadoresInvalidos},
		{"puntajes de más", func(p *juego.Posicion) { p.Puntajes = []int{1, 2, 3} }, variante.ErrJugadoresInvalidos},
		{"turno de nadie", func(p *juego.Posicion) { p.Turno = 2 }, juego.ErrTurnoInvalido},
		{"turno negativo", func(p *juego.Posicion) { p.Turno = -1 }, juego.ErrTurnoInvalido},
		{"partida que ya terminó", func(p *juego.Posicion) { p.SinPuntos = 6 }, juego.ErrTurnoInvalido},
		{"otro tamaño", func(p *juego.Posicion) { p.Tablero = chico }, juego.ErrTableroInvalido},
		{"otro alfabeto", func(p *juego.Posicion) { p.Tablero = ingles }, juego.ErrTableroInvalido},
		{"mano de 8", func(p *juego.Posicion) { p.Manos[0] = mano("AEIOUSRT") }, juego.ErrManoInvalida},
		{"mano corta con bolsa", func(p *juego.Posicion) { p.Manos[1] = mano("AB") }, juego.ErrManoInvalida},
		{"fichas de más", func(p *juego.Posicion) { p.Tablero = zetas }, juego.ErrFichasDeMas},
		{"tres comodines", func(p *juego.Posicion) { p.Manos[0] = mano("???AEIO") }, juego.ErrFichasDeMas},
		{"bolsa que no cierra", func(p *juego.Posicion) { p.Repositorio = mano("AAA").Letras() }, juego.ErrFichasDeMas},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			p := buena
			p.Manos = slices.Clone(buena.Manos)
			c.cambio(&p)
			_, err := juego.DesdePosicion(clasica, p)
			require.ErrorIs(t, err, juego.ErrPosicionInvalida)
			require.ErrorIs(t, err, c.motivo)
		})
	}

	// Un error por problema: todos se informan juntos.
	p := buena
	p.Manos = []letra.Multiconjunto{mano("AEIOUSRT"), mano("ABCDEFG")}
	p.Turno, p.Tablero = 5, chico
	_, err = juego.DesdePosicion(clasica, p)
	for _, motivo := range []error{juego.ErrManoInvalida, juego.ErrTurnoInvalido, juego.ErrTableroInvalido} {
		require.ErrorIs(t, err, motivo)
	}
	_, err = juego.DesdePosicion(nil, buena)
	require.ErrorIs(t, err, juego.ErrSinVariante)

	// Sin bolsa: las manos tienen F letras y el repositorio alcanza para
	// las celdas libres; no hay comodines.
	spec := espanol.Variante()
	es := spec.Alfabeto()
	vacioEs, _ := tablero.Nuevo(15, es)
	manoEs := func(s string) letra.Multiconjunto { ls, _ := es.Parsear(s); return letra.NuevoMulticonjunto(ls...) }
	specBuena := juego.Posicion{Tablero: vacioEs, Manos: []letra.Multiconjunto{manoEs("AEIOUSR")}}
	j, err := juego.DesdePosicion(spec, specBuena)
	require.NoError(t, err)
	require.Equal(t, 15*15, j.LetrasEnRepositorio(), "se completa con una letra por celda libre")
	for _, c := range []struct {
		cambio func(p *juego.Posicion)
		motivo error
	}{
		{func(p *juego.Posicion) { p.Manos = []letra.Multiconjunto{manoEs("AE")} }, juego.ErrManoInvalida},
		{func(p *juego.Posicion) { p.Repositorio = []letra.Letra{0, 1, 2} }, juego.ErrRepositorioCorto},
		{func(p *juego.Posicion) {
			p.Manos = []letra.Multiconjunto{letra.NuevoMulticonjunto(letra.Comodin, 0, 0, 0, 0, 0, 0)}
		}, juego.ErrManoInvalida},
	} {
		p := specBuena
		c.cambio(&p)
		_, err := juego.DesdePosicion(spec, p)
		require.ErrorIs(t, err, c.motivo)
		require.ErrorIs(t, err, juego.ErrPosicionInvalida)
	}
}

// TestPalabrasIlegitimas: una posición con una palabra que el léxico no
// tiene se acepta (las partidas reales conservan las que nadie desafió) y
// la palabra se informa; las jugadas que no la tocan siguen valiendo.
func TestPalabrasIlegitimas(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	tab, err := tablero.Nuevo(15, alf)
	require.NoError(t, err)
	fichas, err := ocurrencia.Parsear("(7,7,C) (7,8,A) (7,9,S) (7,10,A) (2,2,Q) (2,3,X)", alf)
	require.NoError(t, err)
	tab, err = tab.Poner(fichas.Slice()...)
	require.NoError(t, err)
	ls, _ := alf.ParsearFichas("SOLEMOS")
	otra, _ := alf.ParsearFichas("AEIOUNR")
	j, err := juego.DesdePosicion(v, juego.Posicion{
		Tablero:  tab,
		Manos:    []letra.Multiconjunto{letra.NuevoMulticonjunto(ls...), letra.NuevoMulticonjunto(otra...)},
		Puntajes: []int{30, 12},
	})
	require.NoError(t, err)
	require.NoError(t, j.Verificar())
	ilegitimas := j.PalabrasIlegitimas()
	require.Len(t, ilegitimas, 1)
	require.Equal(t, "{(2,2,Q), (2,3,X)}", ilegitimas[0].Formatear(alf))
	p, _ := j.Puntaje(0)
	require.Equal(t, 30, p)
	// CASAS: pone una S al final de CASA.
	s, _ := ocurrencia.Parsear("(7,11,S)", alf)
	puntos, err := j.Ubicar(s)
	require.NoError(t, err)
	require.Equal(t, 3+1+1+1+2*1, puntos, "la S va en una casilla de letra doble")
	require.Equal(t, 1, j.Turno())
}

func ExampleDesdePosicion() {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	tab, _ := tablero.Parsear(`
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . . . . CH I C O . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .
		. . . . .  . . . . . . . . . .`, alf)
	mano := func(s string) letra.Multiconjunto {
		ls, _ := alf.ParsearFichas(s)
		return letra.NuevoMulticonjunto(ls...)
	}
	j, err := juego.DesdePosicion(v, juego.Posicion{
		Tablero:  tab,
		Manos:    []letra.Multiconjunto{mano("ABELOS?"), mano("AEIMNRT")},
		Puntajes: []int{0, 22},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("fichas en la bolsa:", j.LetrasEnRepositorio(), "- turno del jugador", j.Turno())
	// CHICOS: CH 5 + I 1 + C 3 + O 1 + S 1 en letra doble.
	chicos, _ := ocurrencia.Parsear("(7,11,S)", alf)
	fmt.Println(j.Ubicar(chicos))
	// Output:
	// fichas en la bolsa: 82 - turno del jugador 0
	// 12 <nil>
}
