package sitio

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// TestTanteo: "tantear" responde con los puntos que da el motor (los
// mismos que suma la jugada al hacerla, también para quien no está en
// turno), o con el mismo motivo que daría enviarla; repite el seq, no
// cambia la partida, y un mensaje malo recibe un error sin que la
// conexión se caiga.
func TestTanteo(t *testing.T) {
	t.Parallel()
	s, base := abrirSala(t, sinCotas(Opciones{}))
	id, cs := partidaDeDos(t, base, relojJSON{})
	p, err := s.cargar(context.Background(), id)
	require.NoError(t, err)
	ctx, cancelar := context.WithTimeout(context.Background(), time.Minute)
	defer cancelar()
	var ws [2]*websocket.Conn
	var manos [2][]string
	for a := range 2 {
		var e respuesta
		ws[a], e = entrarWS(t, ctx, base, cs[a], id)
		defer ws[a].CloseNow()
		manos[a] = e.Estado.Mano
	}
	// tantear envía el tanteo de fichas por el asiento a y devuelve la
	// respuesta.
	seq := int64(0)
	tantear := func(t *testing.T, a int, fichas []revision.Ficha) respuesta {
		t.Helper()
		seq++
		require.NoError(t, escribir(ctx, ws[a], mensajeCliente{Tipo: "tantear", Seq: seq, Fichas: fichas}))
		r := esperarTipo(t, ctx, ws[a], "tanteo")
		require.Equal(t, seq, r.Seq, "la respuesta repite el seq")
		return r
	}
	antes := p.mesa.Juego().Posicion()
	igual := func(t *testing.T) {
		t.Helper()
		require.Zero(t, p.mesa.Movimientos())
		require.True(t, reflect.DeepEqual(antes, p.mesa.Juego().Posicion()), "tantear cambió la partida")
	}
	pasos := guion(t)
	require.Equal(t, "jugar", pasos[0].Tipo)
	alf := p.v.Alfabeto()

	t.Run("válida, en turno", func(t *testing.T) {
		r := tantear(t, 0, pasos[0].Fichas)
		require.Empty(t, r.Motivo)
		require.NotNil(t, r.Vale)
		o, err := leerJugada(pasos[0].Fichas, alf, p.v.TamanoTablero(), true)
		require.NoError(t, err)
		motor, err := p.mesa.Juego().PuntajeObtenido(o)
		require.NoError(t, err)
		require.Equal(t, motor, *r.Vale, "los puntos del motor")
		igual(t)
	})

	t.Run("válida, fuera de turno", func(t *testing.T) {
		// La jugada que elige un bot para el asiento 1 si le tocara ahora.
		g, err := s.cat.Generador(p.v)
		require.NoError(t, err)
		b, _ := bot.Nuevo(bot.Avanzado, g)
		j := p.mesa.Juego()
		require.NoError(t, j.Pasar())
		d, err := b.Elegir(context.Background(), j)
		require.NoError(t, err)
		require.Equal(t, juego.SucesoColocacion, d.Tipo)
		r := tantear(t, 1, revision.Fichas(d.Jugada, alf))
		require.Empty(t, r.Motivo)
		require.NotNil(t, r.Vale)
		require.Equal(t, d.Puntos, *r.Vale)
		igual(t)
	})

	// Cada motivo es el mismo que da enviar la jugada.
	esquina := []revision.Ficha{{F: 0, C: 0, L: primeraLetra(manos[0])}}
	for _, c := range []struct {
		nombre string
		fichas []revision.Ficha
		codigo string
	}{
		{"fuera del centro", esquina, "jugada"},
		{"letras que no tiene", []revision.Ficha{{F: 7, C: 7, L: "A"}, {F: 7, C: 8, L: "A"}, {F: 7, C: 9, L: "A"}, {F: 7, C: 10, L: "A"}, {F: 7, C: 11, L: "A"}, {F: 7, C: 12, L: "A"}, {F: 7, C: 13, L: "A"}, {F: 7, C: 14, L: "A"}}, "jugada"},
		{"fuera del tablero", []revision.Ficha{{F: 99, C: 0, L: "A"}}, "invalido"},
		{"letra inexistente", []revision.Ficha{{F: 7, C: 7, L: "ZZ"}}, "invalido"},
		{"sin fichas", nil, "invalido"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			r := tantear(t, 0, c.fichas)
			require.Nil(t, r.Vale)
			require.Equal(t, c.codigo, r.Codigo)
			require.NotEmpty(t, r.Motivo)
			require.NoError(t, escribir(ctx, ws[0], mensajeCliente{Tipo: "jugar", Fichas: c.fichas}))
			var enviada respuesta
			for enviada.Tipo != "mal" && enviada.Tipo != "error" {
				enviada, err = leerResp(ctx, ws[0])
				require.NoError(t, err)
			}
			require.Equal(t, enviada.Motivo, r.Motivo, "el mismo motivo que al enviarla")
			require.Equal(t, enviada.Codigo, r.Codigo)
			igual(t)
		})
	}

	t.Run("mensajes malos", func(t *testing.T) {
		for _, crudo := range []string{
			`{"tipo":"tantear","fichas":"A"}`,
			`{"tipo":"tantear","seq":"uno"}`,
			`{"tipo":"tantear","fichas":[{"f":"7","c":7,"l":"A"}]}`,
			`{"tipo":"tantear","seq":1,"borrar":true}`,
			`{"tipo":"tantear"`,
		} {
			require.NoError(t, ws[0].Write(ctx, websocket.MessageText, []byte(crudo)))
			r := esperarTipo(t, ctx, ws[0], "error")
			require.Equal(t, "invalido", r.Codigo, crudo)
		}
		// Un espectador no tantea.
		mira := conectar(t, ctx, base, nil)
		defer mira.CloseNow()
		require.NoError(t, escribir(ctx, mira, mensajeCliente{Tipo: "mirar", Partida: &id}))
		esperarTipo(t, ctx, mira, "estado")
		require.NoError(t, escribir(ctx, mira, mensajeCliente{Tipo: "tantear", Seq: 1, Fichas: pasos[0].Fichas}))
		require.Equal(t, "asiento", esperarTipo(t, ctx, mira, "error").Codigo)
		// La conexión sigue andando.
		r := tantear(t, 0, pasos[0].Fichas)
		require.NotNil(t, r.Vale)
		igual(t)
	})

	t.Run("lo que suma al jugarla", func(t *testing.T) {
		r := tantear(t, 0, pasos[0].Fichas)
		require.NoError(t, escribir(ctx, ws[0], pasos[0]))
		hecha := esperarTipo(t, ctx, ws[0], "jugada")
		require.Equal(t, hecha.Puntos, *r.Vale)
	})

	t.Run("terminada", func(t *testing.T) {
		require.NoError(t, escribir(ctx, ws[1], mensajeCliente{Tipo: "rendirse"}))
		esperarTipo(t, ctx, ws[1], "fin")
		r := tantear(t, 1, pasos[1].Fichas)
		require.Nil(t, r.Vale)
		require.Equal(t, "terminada", r.Codigo)
		require.Equal(t, "La partida ya terminó.", r.Motivo)
	})
}
