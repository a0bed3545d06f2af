package variantes_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// partidaPorServidor juega una partida entera de dos bots (un experto y un
// principiante) en v a
// través del servidor, y en cada turno comprueba que la notación y el CGP
// de la posición vayan y vuelvan. Termina con la regla de fin de la
// variante o, en la de la especificación (que no termina), tras dos pases
// seguidos. Devuelve el juego del servidor.
func partidaPorServidor(t *testing.T, v *variante.Variante, nombre string, semilla uint64) *juego.Juego {
	t.Helper()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	var bots [2]*bot.Bot
	for i, n := range []bot.Nivel{bot.Experto, bot.Principiante} {
		bots[i], err = bot.Nuevo(n, g)
		require.NoError(t, err)
	}
	r, err := v.Repositorio(2, semilla)
	require.NoError(t, err)
	s, err := servidor.Nuevo(2, v, r)
	require.NoError(t, err)
	for range 2 {
		_, err := s.Conectar()
		require.NoError(t, err)
	}
	pases := 0
	for turno := 0; ; turno++ {
		require.Less(t, turno, 2000, "la partida no termina")
		j, err := s.Partida()
		require.NoError(t, err)
		if _, fin := j.Terminada(); fin || v.TurnosSinPuntos() == 0 && pases >= 2 {
			return j
		}
		// La posición en CGP, con el ld de la descripción, va y vuelve.
		texto, err := cgp.Formatear(&cgp.Posicion{Posicion: j.Posicion(), Operaciones: []cgp.Operacion{{Codigo: "ld", Valor: nombre}}})
		require.NoError(t, err)
		d, ok := cgp.DescripcionDe(texto)
		require.True(t, ok, texto)
		require.Equal(t, nombre, d.Nombre)
		p, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
		require.NoError(t, err, texto)
		require.Equal(t, j.Tablero().String(), p.Tablero.String())

		quien, err := s.Turno()
		require.NoError(t, err)
		dec, err := bots[quien].Elegir(context.Background(), j)
		require.NoError(t, err)
		switch dec.Tipo {
		case juego.SucesoColocacion:
			pases = 0
			escrita, err := notacion.Formatear(notacion.Jugada{Fichas: dec.Jugada}, j.Tablero())
			require.NoError(t, err)
			leida, err := notacion.Parsear(escrita, j.Tablero())
			require.NoError(t, err, escrita)
			require.Equal(t, dec.Jugada.Slice(), leida.Fichas.Slice(), escrita)
			require.NoError(t, s.Recibir(quien, dec.Jugada))
		case juego.SucesoCambio:
			pases = 0
			require.NoError(t, s.RecibirCambio(quien, dec.Cambiadas))
		default:
			pases++
			require.NoError(t, s.Recibir(quien, ocurrencia.Ocurrencia{}))
		}
		for cid := range 2 {
			ns, err := s.Consultar(cid)
			require.NoError(t, err)
			for _, n := range ns {
				require.NotContains(t, n.String(), "Mal", "%s: %v", nombre, n)
			}
		}
	}
}

// TestPartidaPorVariante juega una partida de bots por variante incluida,
// con su lista chica, a través del servidor; la escribe en GCG con el
// #lexicon de la descripción y la vuelve a leer eligiendo la variante por
// ese nombre.
func TestPartidaPorVariante(t *testing.T) {
	for nombre, v := range descritas(t) {
		t.Run(nombre, func(t *testing.T) {
			j := partidaPorServidor(t, v, nombre, 3)
			colocaciones := 0
			for _, s := range j.Sucesos() {
				if s.Tipo == juego.SucesoColocacion {
					colocaciones++
				}
			}
			require.Positive(t, colocaciones)
			if v.TurnosSinPuntos() > 0 {
				_, fin := j.Terminada()
				require.True(t, fin, "la regla de fin termina la partida")
			}
			var b bytes.Buffer
			require.NoError(t, gcg.Escribir(&b, &gcg.Partida{Juego: j, Pragmas: []string{"#lexicon " + nombre}}))
			d, ok := gcg.DescripcionDe(b.Bytes())
			require.True(t, ok)
			require.Equal(t, nombre, d.Nombre, "el #lexicon elige la descripción")
			p, err := gcg.Leer(bytes.NewReader(b.Bytes()), gcg.Opciones{Lexicos: map[string]*variante.Variante{nombre: v}})
			require.NoError(t, err, b.String())
			require.Equal(t, nombre, p.Lexico)
			require.False(t, p.LexicoFaltante)
			require.Same(t, v, p.Juego.Variante())
			require.Equal(t, fmt.Sprint(j.Sucesos()), fmt.Sprint(p.Juego.Sucesos()), b.String())
			var otra bytes.Buffer
			require.NoError(t, gcg.Escribir(&otra, p))
			require.Equal(t, b.String(), otra.String())
			t.Logf("%s: %d colocaciones, %d sucesos", nombre, colocaciones, len(j.Sucesos()))
		})
	}
}

// TestNotacionDeVariasLetras: las fichas de varios caracteres van entre
// corchetes en la notación, como dice el README.
func TestNotacionDeVariasLetras(t *testing.T) {
	v := descritas(t)["catalan"]
	alf := v.Alfabeto()
	p, err := alf.Parsear("col·lecció")
	require.NoError(t, err)
	var fichas []ocurrencia.Ficha
	for i, l := range p {
		fichas = append(fichas, ocurrencia.Ficha{Fila: 7, Columna: 3 + i, Letra: l})
	}
	r, err := v.Repositorio(1, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(1, v, r)
	require.NoError(t, err)
	texto, err := notacion.Formatear(notacion.Jugada{Fichas: ocurrencia.Nueva(fichas...)}, j.Tablero())
	require.NoError(t, err)
	require.Equal(t, "8D CO[L·L]ECCIO", texto)
	leida, err := notacion.Parsear(texto, j.Tablero())
	require.NoError(t, err)
	require.Equal(t, ocurrencia.Nueva(fichas...).Slice(), leida.Fichas.Slice())
}
