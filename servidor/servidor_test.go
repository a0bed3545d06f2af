package servidor_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// varianteChica: tablero de 3×3, 2 fichas, palabras SOL, SO y OS.
func varianteChica(t testing.TB) *variante.Variante {
	es := letra.Espanol()
	lex, err := variante.LeerLexico(strings.NewReader("sol\nso\nos\n"), es, variante.OpcionesLexico{})
	require.NoError(t, err)
	v, err := variante.Nueva(es, 3, 2, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	return v
}

func leer(t testing.TB, s string) []letra.Letra {
	p, err := letra.Espanol().Parsear(s)
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
	require.Equal(t, []string{"IDCliente(0)", "Mal(servidor: el juego no empezó)"}, escribir(ns))
	require.ErrorIs(t, ns[1].Motivo, servidor.ErrNoEmpezado)
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
	require.Equal(t, []string{"IDCliente(1)", "Empezar(3)", "TurnoDe(0)", "Mal(servidor: no es su turno)",
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

func TestNuevoErrores(t *testing.T) {
	v := varianteChica(t)
	_, err := servidor.Nuevo(0, v, leer(t, "AAAAAAAAAAAAA"))
	require.ErrorIs(t, err, variante.ErrJugadoresInvalidos)
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
		{servidor.IDCliente(3), "IDCliente(3)", "IDCliente(3)"},
		{servidor.Empezar(15), "Empezar(15)", "Empezar(15)"},
		{servidor.TurnoDe(1), "TurnoDe(1)", "TurnoDe(1)"},
		{servidor.Ubicar(2, o.ConAlfabeto(nil)), "Ubicar(2, {(7,7,19)})", "Ubicar(2, {(7,7,S)})"},
		{servidor.Ubicar(2, o), "Ubicar(2, {(7,7,S)})", "Ubicar(2, {(7,7,S)})"}, // o lleva su alfabeto
		{servidor.Reponer(m), "Reponer({0, 4})", "Reponer({A, E})"},
		{servidor.SumaPuntos(0, 9), "SumaPuntos(0, 9)", "SumaPuntos(0, 9)"},
		{servidor.Mal(nil), "Mal", "Mal"},
		{servidor.Mal(servidor.ErrNoEsSuTurno), "Mal(servidor: no es su turno)", "Mal(servidor: no es su turno)"},
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
	require.Equal(t, servidor.Tipo(8), servidor.TipoCambiar, "los tipos nuevos van después de los de la especificación")
	require.Equal(t, servidor.Tipo(1), servidor.TipoIDCliente)
	require.Equal(t, "Tipo(10)", servidor.Tipo(10).String())
}

// TestTipoCero: el valor cero de Tipo no es ningún tipo de la
// especificación, y ningún generador da la Notificacion cero.
func TestTipoCero(t *testing.T) {
	var cero servidor.Tipo
	require.Equal(t, servidor.TipoNinguno, cero)
	require.Equal(t, "Ninguno", cero.String())
	require.Equal(t, "Ninguno", servidor.Notificacion{}.String())
	require.NotEqual(t, servidor.Notificacion{}, servidor.IDCliente(0))
	require.False(t, servidor.Notificacion{}.Igual(servidor.IDCliente(0)))
	require.Equal(t, servidor.TipoIDCliente, servidor.IDCliente(0).Tipo)
}

// TestMalIgual: Igual compara el motivo de Mal por errors.Is en los dos
// sentidos o por el mensaje.
func TestMalIgual(t *testing.T) {
	turno := servidor.Mal(servidor.ErrNoEsSuTurno)
	require.True(t, turno.Igual(servidor.Mal(servidor.ErrNoEsSuTurno)))
	require.True(t, turno.Igual(servidor.Mal(errors.New("servidor: no es su turno"))), "mismo mensaje")
	require.False(t, turno.Igual(servidor.Mal(servidor.ErrNoEmpezado)))
	require.False(t, turno.Igual(servidor.Mal(nil)))
	require.False(t, servidor.Mal(nil).Igual(turno))
	require.True(t, servidor.Mal(nil).Igual(servidor.Mal(nil)))
	envuelto := fmt.Errorf("%w", servidor.ErrNoEsSuTurno)
	require.True(t, turno.Igual(servidor.Mal(envuelto)), "mismo mensaje, y uno envuelve al otro")
	require.False(t, turno.Igual(servidor.Mal(fmt.Errorf("otro: %w", servidor.ErrNoEsSuTurno))), "envolver con contexto cambia el motivo")
}

// TestNotificaciones: Notificaciones muestra la cola sin vaciarla y
// devuelve una copia.
func TestNotificaciones(t *testing.T) {
	s, err := servidor.Nuevo(2, varianteChica(t), leer(t, "SOOSLAAAAAAAA"))
	require.NoError(t, err)
	_, err = s.Notificaciones(0)
	require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
	c0, _ := s.Conectar()
	_, _ = s.Conectar()

	vistas, err := s.Notificaciones(c0)
	require.NoError(t, err)
	require.Equal(t, []string{"IDCliente(0)", "Empezar(3)", "TurnoDe(0)"}, escribir(vistas))
	otra, err := s.Notificaciones(c0)
	require.NoError(t, err)
	require.Equal(t, vistas, otra, "no consume")
	vistas[0] = servidor.TurnoDe(9)
	ns, err := s.Consultar(c0)
	require.NoError(t, err)
	require.Equal(t, []string{"IDCliente(0)", "Empezar(3)", "TurnoDe(0)"}, escribir(ns), "es una copia")
	vacia, err := s.Notificaciones(c0)
	require.NoError(t, err)
	require.Empty(t, vacia)
	_, err = s.Notificaciones(2)
	require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
}

// TestMalMotivos: cada rechazo de Recibir deja un solo Mal, para quien
// envió el mensaje, con su motivo, y nada más cambia. (Los rechazos de
// RecibirCambio y los de después del fin están en clasico_test.go.)
func TestMalMotivos(t *testing.T) {
	es := letra.Espanol()
	// Solo SOL es legítima: con la mano {S, O}, SO no lo es.
	lex, err := variante.LeerLexico(strings.NewReader("sol\n"), es, variante.OpcionesLexico{})
	require.NoError(t, err)
	v, err := variante.Nueva(es, 3, 2, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	empezado := func(t *testing.T) *servidor.Servidor {
		// Manos: cliente 0 {S, O}, cliente 1 {O, S}.
		s, err := servidor.Nuevo(2, v, leer(t, "SOOSLAAAAAAAA"))
		require.NoError(t, err)
		for range 2 {
			_, err := s.Conectar()
			require.NoError(t, err)
		}
		for cid := range 2 {
			_, err := s.Consultar(cid)
			require.NoError(t, err)
		}
		return s
	}
	casos := []struct {
		nombre  string
		cid     int
		jugada  string
		motivos []error
	}{
		{"fuera de turno", 1, "(0,0,S) (0,1,O)", []error{servidor.ErrNoEsSuTurno}},
		{"palabra ilegítima", 0, "(0,0,S) (0,1,O)", []error{juego.ErrJugadaInvalida, juego.ErrPalabraIlegitima}},
		{"sin las letras", 0, "(0,0,S) (0,1,O) (0,2,L)", []error{juego.ErrJugadaInvalida, juego.ErrFaltanLetras}},
		{"fuera del tablero", 0, "(3,0,S)", []error{juego.ErrJugadaInvalida, tablero.ErrFueraDelTablero}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := empezado(t)
			antes, err := s.Partida()
			require.NoError(t, err)
			o, err := ocurrencia.Parsear(c.jugada, es)
			require.NoError(t, err)
			require.NoError(t, s.Recibir(c.cid, o))
			ns, err := s.Consultar(c.cid)
			require.NoError(t, err)
			require.Len(t, ns, 1)
			require.Equal(t, servidor.TipoMal, ns[0].Tipo)
			for _, m := range c.motivos {
				require.ErrorIs(t, ns[0].Motivo, m)
			}
			var ej *juego.ErrorJugada
			require.Equal(t, c.cid == 0, errors.As(ns[0].Motivo, &ej), "las jugadas inválidas llevan el *juego.ErrorJugada")
			require.Equal(t, "Mal("+ns[0].Motivo.Error()+")", ns[0].String())
			otros, err := s.Consultar(1 - c.cid)
			require.NoError(t, err)
			require.Empty(t, otros)
			despues, err := s.Partida()
			require.NoError(t, err)
			require.Equal(t, antes.String(), despues.String())
			require.Equal(t, antes.Turno(), despues.Turno())
			require.Equal(t, antes.Tiempo(), despues.Tiempo())
		})
	}
}
