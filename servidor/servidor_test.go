package servidor_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// varianteChica: tablero de 3×3, 2 fichas, palabras SOL, SO y OS.
func varianteChica(t testing.TB) *variante.Variante {
	es := letra.Espanol()
	lex, err := variante.LeerLexico(strings.NewReader("sol\nso\nos\n"), es)
	require.NoError(t, err)
	v, err := variante.Nueva(es, 3, 2, nil, lex)
	require.NoError(t, err)
	return v
}

func leer(t testing.TB, s string) []letra.Letra {
	p, err := letra.Espanol().Leer(s)
	require.NoError(t, err)
	return p
}

func escribir(ns []servidor.Notificacion) []string {
	var res []string
	for _, n := range ns {
		res = append(res, n.Formatear(letra.Espanol()))
	}
	return res
}

// TestFlujo recorre el protocolo con dos clientes y muestra qué recibe cada
// uno (R9 y R10).
func TestFlujo(t *testing.T) {
	// Manos: cliente 0 {S, O}, cliente 1 {O, S}; el repositorio sigue con L…
	r := leer(t, "SOOSLAAAAAAAA") // 3·3 + 2·2 = 13
	s, err := servidor.Nuevo(2, varianteChica(t), r)
	require.NoError(t, err)
	require.Equal(t, 2, s.Esperados())
	_, err = s.Partida()
	require.ErrorIs(t, err, servidor.ErrNoEmpezado)

	c0, err := s.Conectar()
	require.NoError(t, err)
	require.Equal(t, 0, c0)
	require.NoError(t, s.Recibir(c0, ocurrencia.Ocurrencia{}), "antes de empezar: Mal")
	ns, err := s.Consultar(c0)
	require.NoError(t, err)
	require.Equal(t, []string{"IdCliente(0)", "Mal"}, escribir(ns))
	require.False(t, s.Empezo())

	c1, err := s.Conectar()
	require.NoError(t, err)
	require.Equal(t, 1, c1)
	require.True(t, s.Empezo())
	_, err = s.Conectar()
	require.ErrorIs(t, err, servidor.ErrEmpezado)

	so, err := ocurrencia.Parsear("(0,0,S) (0,1,O)", letra.Espanol())
	require.NoError(t, err)
	require.NoError(t, s.Recibir(c1, so), "fuera de turno: Mal solo para el 1")
	require.NoError(t, s.Recibir(c0, so))
	require.ErrorIs(t, s.Recibir(2, so), servidor.ErrClienteDesconocido)
	require.ErrorIs(t, s.Recibir(-1, so), servidor.ErrClienteDesconocido)

	ns, _ = s.Consultar(c0)
	require.Equal(t, []string{"Empezar(3)", "TurnoDe(0)",
		"Ubicar(0, {(0,0,S), (0,1,O)})", "SumaPuntos(0, 2)", "Reponer({A, L})", "TurnoDe(1)"}, escribir(ns))
	ns, _ = s.Consultar(c1)
	require.Equal(t, []string{"IdCliente(1)", "Empezar(3)", "TurnoDe(0)", "Mal",
		"Ubicar(0, {(0,0,S), (0,1,O)})", "SumaPuntos(0, 2)", "TurnoDe(1)"}, escribir(ns))
	ns, _ = s.Consultar(c1)
	require.Empty(t, ns, "consultar vacía la cola")

	p, err := s.Partida()
	require.NoError(t, err)
	require.Equal(t, 1, p.Turno())
	_, err = p.Ubicar(ocurrencia.Ocurrencia{})
	require.NoError(t, err)
	p2, _ := s.Partida()
	require.Equal(t, 1, p2.Turno(), "Partida es una copia: cambiarla no cambia el servidor")

	_, err = s.Consultar(5)
	require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
}

func TestNuevoServidorErrores(t *testing.T) {
	v := varianteChica(t)
	_, err := servidor.Nuevo(0, v, leer(t, "AAAAAAAAAAAAA"))
	require.ErrorIs(t, err, juego.ErrJugadoresInvalidos)
	_, err = servidor.Nuevo(2, v, leer(t, "AAAA"))
	require.ErrorIs(t, err, juego.ErrRepositorioCorto)
	_, err = servidor.Nuevo(1, nil, nil)
	require.ErrorIs(t, err, juego.ErrSinVariante)
}

// TestEsperar: Esperar despierta cuando llega una notificación, y con el
// contexto cancelado vuelve sin consumir nada.
func TestEsperar(t *testing.T) {
	s, err := servidor.Nuevo(2, varianteChica(t), leer(t, "SOOSLAAAAAAAA"))
	require.NoError(t, err)
	c0, _ := s.Conectar()
	_, _ = s.Consultar(c0)

	ctx, cancelar := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancelar()
	ns, err := s.Esperar(ctx, c0)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Empty(t, ns)

	llegaron := make(chan []servidor.Notificacion)
	go func() {
		ns, err := s.Esperar(context.Background(), c0)
		if err == nil {
			llegaron <- ns
		}
		close(llegaron)
	}()
	_, err = s.Conectar() // empieza el juego: c0 recibe Empezar y TurnoDe
	require.NoError(t, err)
	ns = <-llegaron
	require.NotEmpty(t, ns)
	require.Equal(t, servidor.TipoEmpezar, ns[0].Tipo)

	_, err = s.Esperar(context.Background(), 7)
	require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
}

func TestNotificacionTexto(t *testing.T) {
	es := letra.Espanol()
	o, _ := ocurrencia.Parsear("(7,7,S)", es)
	m := letra.NuevoMulticonjunto(0, 4)
	casos := []struct {
		n             servidor.Notificacion
		texto, conAlf string
	}{
		{servidor.IdCliente(3), "IdCliente(3)", "IdCliente(3)"},
		{servidor.Empezar(15), "Empezar(15)", "Empezar(15)"},
		{servidor.TurnoDe(1), "TurnoDe(1)", "TurnoDe(1)"},
		{servidor.Ubicar(2, o), "Ubicar(2, {(7,7,19)})", "Ubicar(2, {(7,7,S)})"},
		{servidor.Reponer(m), "Reponer({0, 4})", "Reponer({A, E})"},
		{servidor.SumaPuntos(0, 9), "SumaPuntos(0, 9)", "SumaPuntos(0, 9)"},
		{servidor.Mal(), "Mal", "Mal"},
		{servidor.Cambiar(1, 3), "Cambiar(1, 3)", "Cambiar(1, 3)"},
		{servidor.Fin(juego.Fin{Motivo: juego.FinTurnosSinPuntos, Jugador: -1}), "Fin(2, -1)", "Fin(2, -1)"},
	}
	for _, c := range casos {
		require.Equal(t, c.texto, c.n.String())
		require.Equal(t, c.conAlf, c.n.Formatear(es))
		require.True(t, c.n.Igual(c.n))
	}
	require.False(t, servidor.TurnoDe(1).Igual(servidor.TurnoDe(2)))
	require.False(t, servidor.Cambiar(1, 3).Igual(servidor.SumaPuntos(1, 3)))
	require.Equal(t, "Cambiar", servidor.TipoCambiar.String())
	require.Equal(t, "Fin", servidor.TipoFin.String())
	require.Equal(t, servidor.Tipo(7), servidor.TipoCambiar, "los tipos nuevos van después de los de la especificación")
	require.Equal(t, servidor.Notificacion{}, servidor.IdCliente(0), "el valor cero es IdCliente(0)")
	require.Equal(t, "Tipo(9)", servidor.Tipo(9).String())
}
