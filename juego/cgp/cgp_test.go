package cgp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// rotar devuelve p con el jugador del turno como jugador 0 y sin
// repositorio: lo que se espera leer de su CGP.
func rotar(p juego.Posicion) juego.Posicion {
	k := len(p.Manos)
	q := juego.Posicion{Tablero: p.Tablero, SinPuntos: p.SinPuntos, Puntajes: make([]int, k)}
	for x := range k {
		i := (p.Turno + x) % k
		q.Manos = append(q.Manos, p.Manos[i])
		if p.Puntajes != nil {
			q.Puntajes[x] = p.Puntajes[i]
		}
	}
	return q
}

// TestIdaYVuelta: la posición de una partida clásica al azar, escrita y
// leída, es la misma con los jugadores rotados; y si la partida no terminó,
// el juego que sale de ella tiene las mismas manos y la misma bolsa.
func TestIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v := j.Variante()
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		for range rapid.IntRange(0, 8).Draw(t, "turnos") {
			if _, fin := j.Terminada(); fin {
				break
			}
			var jugadas []ocurrencia.Ocurrencia // Jugada.Fichas vale solo durante la iteración
			for x := range generador.Jugadas(g, j) {
				jugadas = append(jugadas, x.Ocurrencia())
			}
			if len(jugadas) == 0 || rapid.IntRange(0, 5).Draw(t, "pasar") == 0 {
				require.NoError(t, j.Pasar())
				continue
			}
			x := rapid.IntRange(0, len(jugadas)-1).Draw(t, "jugada")
			_, err := j.Ubicar(jugadas[x])
			require.NoError(t, err)
		}
		p := j.Posicion()
		ops := []cgp.Operacion{{"lex", "prueba"}, {"oru", ""}}
		s, err := cgp.Formatear(&cgp.Posicion{Posicion: p, Operaciones: ops})
		if len(p.Manos) == 1 && p.Manos[0].Vacio() {
			require.ErrorIs(t, err, cgp.ErrNoRepresentable)
			return
		}
		require.NoError(t, err)
		leida, err := cgp.Parsear(s, cgp.Opciones{Variante: v})
		require.NoError(t, err, s)
		require.Equal(t, rotar(p), leida.Posicion, s)
		require.Equal(t, ops, leida.Operaciones)
		s2, err := cgp.Formatear(leida)
		require.NoError(t, err)
		require.Equal(t, s, s2)
		if _, fin := j.Terminada(); fin {
			return
		}
		j2, err := leida.Juego()
		require.NoError(t, err, s)
		q := j2.Posicion()
		require.Equal(t, leida.Manos, q.Manos)
		require.Equal(t, letra.NuevoMulticonjunto(p.Repositorio...), letra.NuevoMulticonjunto(q.Repositorio...))
		require.Equal(t, p.Tablero, q.Tablero)
	})
}

// TestIdaYVueltaConDigrafos: posiciones al azar (no de partidas) de la
// variante española clásica, con dígrafos y comodines en el tablero y en
// las manos, puntajes negativos y operaciones, escritas y leídas.
func TestIdaYVueltaConDigrafos(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	n := v.TamanoTablero()
	gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "l")) })
	rapid.Check(t, func(t *rapid.T) {
		tab, err := tablero.Nuevo(n, alf)
		require.NoError(t, err)
		celdas := rapid.SliceOfNDistinct(rapid.IntRange(0, n*n-1), 0, 40, rapid.ID[int]).Draw(t, "celdas")
		for _, c := range celdas {
			tab, err = tab.Poner(ocurrencia.Ficha{Fila: c / n, Columna: c % n, Letra: gl.Draw(t, "letra"), Comodin: rapid.Bool().Draw(t, "comodín")})
			require.NoError(t, err)
		}
		k := rapid.IntRange(1, 4).Draw(t, "K")
		p := juego.Posicion{Tablero: tab, Turno: rapid.IntRange(0, k-1).Draw(t, "turno"), SinPuntos: rapid.IntRange(0, 5).Draw(t, "sin puntos")}
		for i := range k {
			ls := rapid.SliceOfN(rapid.OneOf(gl, rapid.Just(letra.Comodin)), 0, 7).Draw(t, "mano")
			if k == 1 && len(ls) == 0 {
				ls = []letra.Letra{letra.Comodin}
			}
			p.Manos = append(p.Manos, letra.NuevoMulticonjunto(ls...))
			p.Puntajes = append(p.Puntajes, rapid.IntRange(-500, 1000).Draw(t, "puntaje"))
			_ = i
		}
		ops := []cgp.Operacion{{Codigo: "lex", Valor: "FILE2017"}, {Codigo: "bb", Valor: "50"}}
		s, err := cgp.Formatear(&cgp.Posicion{Posicion: p, Operaciones: ops})
		require.NoError(t, err)
		leida, err := cgp.Parsear(s, cgp.Opciones{Variante: v})
		require.NoError(t, err, s)
		require.Equal(t, rotar(p), leida.Posicion, s)
		for i, m := range leida.Manos {
			require.Equal(t, m.Vacio(), leida.Desconocidas[i])
		}
		// Lo mismo, con la forma que escriben otros programas.
		otra := "cgp   " + strings.Replace(strings.Replace(s, " lex", "\t -lex", 1), "50;", "50", 1) + "  "
		leida2, err := cgp.Parsear(otra, cgp.Opciones{Variante: v})
		require.NoError(t, err, otra)
		require.Equal(t, leida, leida2)
	})
}

// TestErrores: cada texto mal formado o de otra variante da un *cgp.Error
// que envuelve al error esperado y dice el campo y el byte.
func TestErrores(t *testing.T) {
	v := espanol.Clasica()
	vacio := strings.Repeat("15/", 14) + "15"
	casos := []struct {
		nombre, texto string
		err           error
		campo         cgp.Campo
		posicion      int
	}{
		{"vacío", "", cgp.ErrFormato, cgp.CampoTablero, 0},
		{"solo cgp", "cgp ", cgp.ErrFormato, cgp.CampoTablero, 4},
		{"sin manos", vacio, cgp.ErrFormato, cgp.CampoManos, len(vacio)},
		{"sin turnos", vacio + " A/ 0/0", cgp.ErrFormato, cgp.CampoSinPuntos, len(vacio) + 7},
		{"pocas filas", "15/15 A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"fila larga", strings.Replace(vacio, "15", "16", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"fila corta", strings.Replace(vacio, "15", "7A6", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"cero libres", strings.Replace(vacio, "15", "0A14", 1) + " A/ 0/0 0", cgp.ErrFormato, cgp.CampoTablero, 0},
		{"número enorme", strings.Replace(vacio, "15", "99999999999999999999999", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"comodín ? en el tablero", strings.Replace(vacio, "15", "?14", 1) + " A/ 0/0 0", cgp.ErrFormato, cgp.CampoTablero, 0},
		{"corchete", strings.Replace(vacio, "15", "[CH14", 1) + " A/ 0/0 0", cgp.ErrFormato, cgp.CampoTablero, 0},
		{"corchete vacío", strings.Replace(vacio, "15", "[]14", 1) + " A/ 0/0 0", cgp.ErrFormato, cgp.CampoTablero, 0},
		{"K", strings.Replace(vacio, "15", "K14", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0}, // el alfabeto FISE no tiene K (R13)
		{"símbolo ajeno", strings.Replace(vacio, "15", "[QU]14", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"Ç", strings.Replace(vacio, "15", "Ç14", 1) + " A/ 0/0 0", cgp.ErrVariante, cgp.CampoTablero, 0},
		{"mano ajena", vacio + " A/Ç 0/0 0", cgp.ErrVariante, cgp.CampoManos, len(vacio) + 3},
		{"puntajes de menos", vacio + " A/ 0 0", cgp.ErrFormato, cgp.CampoPuntajes, len(vacio) + 4},
		{"puntaje", vacio + " A/ 0/x1 0", cgp.ErrFormato, cgp.CampoPuntajes, len(vacio) + 6},
		{"turnos negativos", vacio + " A/ 0/0 -1", cgp.ErrFormato, cgp.CampoSinPuntos, len(vacio) + 8},
		{"operación sin código", vacio + " A/ 0/0 0 lex X; - 3;", cgp.ErrFormato, cgp.CampoOperaciones, len(vacio) + 17},
		{"bb distinto", vacio + " A/ 0/0 0 bb 35;", cgp.ErrVariante, cgp.CampoOperaciones, len(vacio) + 10},
		{"bb no numérico", vacio + " A/ 0/0 0 bb cincuenta;", cgp.ErrFormato, cgp.CampoOperaciones, len(vacio) + 10},
		{"mcnz distinto", vacio + " A/ 0/0 0 mcnz 3;", cgp.ErrVariante, cgp.CampoOperaciones, len(vacio) + 10},
		{"mcnz igual", vacio + " A/ 0/0 0 -mcnz 6; bb 50", nil, 0, 0},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			p, err := cgp.Parsear(c.texto, cgp.Opciones{Variante: v})
			if c.err == nil {
				require.NoError(t, err)
				require.NotNil(t, p)
				return
			}
			require.ErrorIs(t, err, c.err)
			var e *cgp.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, c.campo, e.Campo, "%v", err)
			require.Equal(t, c.posicion, e.Posicion, "%v", err)
			require.NotEmpty(t, err.Error())
		})
	}
}

// TestFormatearRechaza: lo que CGP no puede escribir es un error, no un
// texto que no se lee igual.
func TestFormatearRechaza(t *testing.T) {
	v := espanol.Clasica()
	tab, err := tablero.Nuevo(15, v.Alfabeto())
	require.NoError(t, err)
	mano := letra.NuevoMulticonjunto(0)
	casos := map[string]struct {
		p   juego.Posicion
		ops []cgp.Operacion
	}{
		"sin manos":          {juego.Posicion{Tablero: tab}, nil},
		"turno":              {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}, Turno: 1}, nil},
		"una mano vacía":     {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{{}}}, nil},
		"puntajes":           {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}, Puntajes: []int{1, 2}}, nil},
		"sin tablero":        {juego.Posicion{Manos: []letra.Multiconjunto{mano}}, nil},
		"código vacío":       {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}}, []cgp.Operacion{{"", "x"}}},
		"código con espacio": {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}}, []cgp.Operacion{{"l x", ""}}},
		"código con guion":   {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}}, []cgp.Operacion{{"-lex", "x"}}},
		"valor con ;":        {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}}, []cgp.Operacion{{"lex", "a;b"}}},
		"valor con espacio":  {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{mano}}, []cgp.Operacion{{"lex", "a "}}},
		"letra ajena":        {juego.Posicion{Tablero: tab, Manos: []letra.Multiconjunto{letra.NuevoMulticonjunto(50)}}, nil},
	}
	for nombre, c := range casos {
		t.Run(nombre, func(t *testing.T) {
			_, err := cgp.Formatear(&cgp.Posicion{Posicion: c.p, Operaciones: c.ops})
			require.ErrorIs(t, err, cgp.ErrNoRepresentable)
		})
	}
	_, err = cgp.Formatear(nil)
	require.ErrorIs(t, err, cgp.ErrNoRepresentable)
}

// TestJuegoCompleta: las manos desconocidas o cortas se completan igual
// cada vez, con fichas que no se ven, y las fichas cuadran con la bolsa.
func TestJuegoCompleta(t *testing.T) {
	v := espanol.Clasica()
	texto := strings.Repeat("15/", 7) + "5[CH]Ao7/" + strings.Repeat("15/", 6) + "15 AE/ 0/0 0"
	j1, err := juegoDe(texto, cgp.Opciones{Variante: v})
	require.NoError(t, err)
	j2, err := juegoDe(texto, cgp.Opciones{Variante: v})
	require.NoError(t, err)
	require.Equal(t, j1.Posicion(), j2.Posicion())
	for i := range 2 {
		m, err := j1.Fichas(i)
		require.NoError(t, err)
		require.Equal(t, 7, m.Tamano())
	}
	m, _ := j1.Fichas(0)
	require.True(t, m.Incluye(letra.NuevoMulticonjunto(0)))
	require.Equal(t, 100-3-14, j1.LetrasEnRepositorio())
	require.NoError(t, j1.Verificar())

	_, err = juegoDe(strings.Repeat("15/", 14)+"15 ?/ 0/0 0", cgp.Opciones{})
	require.ErrorIs(t, err, cgp.ErrVariante)
	// Tres CH no caben en la bolsa FISE: el error es de DesdePosicion.
	_, err = juegoDe(strings.Repeat("15/", 14)+"15 [CH][CH][CH]/ 0/0 0", cgp.Opciones{Variante: v})
	require.ErrorIs(t, err, juego.ErrFichasDeMas)
}

// juegoDe lee texto y empieza una partida en esa posición.
func juegoDe(texto string, op cgp.Opciones) (*juego.Juego, error) {
	p, err := cgp.Parsear(texto, op)
	if err != nil {
		return nil, err
	}
	return p.Juego()
}

// TestOpciones: sin variante ni alfabeto se lee con el alfabeto del español
// clásico; un alfabeto que no es el de la variante es un error; una
// posición leída sin variante no empieza una partida hasta que se le da.
func TestOpciones(t *testing.T) {
	v := espanol.Clasica()
	texto := strings.Repeat("15/", 7) + "5[CH]Ao7/" + strings.Repeat("15/", 6) + "15 AE/ 0/0 0"
	cero, err := cgp.Parsear(texto, cgp.Opciones{})
	require.NoError(t, err)
	con, err := cgp.Parsear(texto, cgp.Opciones{Alfabeto: letra.EspanolConDigrafos()})
	require.NoError(t, err)
	require.Equal(t, con, cero)
	require.Same(t, letra.EspanolConDigrafos(), cero.Tablero.Alfabeto())
	require.Nil(t, cero.Variante)
	_, err = cero.Juego()
	require.ErrorIs(t, err, cgp.ErrVariante)
	require.ErrorIs(t, err, juego.ErrSinVariante)
	cero.Variante = v
	j, err := cero.Juego()
	require.NoError(t, err)
	require.Equal(t, cero.Tablero, j.Tablero())

	_, err = cgp.Parsear(texto, cgp.Opciones{Variante: v, Alfabeto: letra.Espanol()})
	require.ErrorIs(t, err, cgp.ErrVariante)
	p, err := cgp.Parsear(texto, cgp.Opciones{Variante: v, Alfabeto: v.Alfabeto()})
	require.NoError(t, err)
	require.Same(t, v, p.Variante)
	_, err = cgp.Parsear(strings.Replace(texto, "AE/", "KE/", 1), cgp.Opciones{})
	require.ErrorIs(t, err, cgp.ErrVariante, "el alfabeto FISE no tiene K (R13)")
}

func TestDescripcionDe(t *testing.T) {
	vacio := "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
	for texto, esperado := range map[string]string{
		vacio + " ld french;":                   "frances",
		"cgp " + vacio + " -ld german;":         "aleman",
		vacio + " lex CSW21;":                   "ingles",
		vacio + " lex NWL23; ld english_super;": "ingles-21",
		vacio + " bb 50; ld polish":             "polaco",
	} {
		d, ok := cgp.DescripcionDe(texto)
		require.True(t, ok, texto)
		require.Equal(t, esperado, d.Nombre, texto)
	}
	for _, texto := range []string{vacio, vacio + " ld klingon;", vacio + " ld;", "ld french", vacio + " bb ld;"} {
		_, ok := cgp.DescripcionDe(texto)
		require.False(t, ok, texto)
	}
}
