package servidor_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// servidorClasico crea un servidor de k clientes con la variante v y la
// bolsa r, los conecta a todos y vacía sus colas.
func servidorClasico(t *testing.T, k int, v *variante.Variante, r []letra.Letra) *servidor.Servidor {
	t.Helper()
	s, err := servidor.Nuevo(k, v, r)
	require.NoError(t, err)
	for range k {
		_, err := s.Conectar()
		require.NoError(t, err)
	}
	vaciar(t, s)
	return s
}

func vaciar(t *testing.T, s *servidor.Servidor) {
	t.Helper()
	for cid := range s.Esperados() {
		_, err := s.Consultar(cid)
		require.NoError(t, err)
	}
}

func bolsaClasica(t *testing.T, k int, semilla uint64) (*variante.Variante, []letra.Letra) {
	t.Helper()
	v := espanol.Clasica()
	r, err := v.Repositorio(k, semilla)
	require.NoError(t, err)
	return v, r
}

// estado resume lo que un mensaje rechazado no debe cambiar.
type estado struct {
	turno, tiempo int
	manos         []letra.Multiconjunto
	bolsa         []letra.Letra
	tablero       string
}

func estadoDe(t *testing.T, s *servidor.Servidor) estado {
	t.Helper()
	p, err := s.Partida()
	require.NoError(t, err)
	e := estado{turno: p.Turno(), tiempo: p.Tiempo(), bolsa: p.Repositorio(), tablero: p.String()}
	for i := range p.Jugadores() {
		m, _ := p.Fichas(i)
		e.manos = append(e.manos, m)
	}
	return e
}

// TestRecibirCambio: un cambio válido se anuncia a todos sin las letras, y
// solo quien cambió recibe las que sacó, las mismas que saca el juego.
func TestRecibirCambio(t *testing.T) {
	v, r := bolsaClasica(t, 3, 5)
	s := servidorClasico(t, 3, v, r)

	// Un juego aparte con la misma bolsa dice qué debe salir.
	j, err := juego.Nuevo(3, v, r)
	require.NoError(t, err)
	antes, _ := j.Fichas(0)
	mano := antes.Letras()
	devueltas := letra.NuevoMulticonjunto(mano[:4]...)
	require.NoError(t, j.Cambiar(devueltas))
	despues, _ := j.Fichas(0)
	sacadas := despues.Diferencia(antes.Diferencia(devueltas))
	require.Equal(t, 4, sacadas.Tamano())

	require.NoError(t, s.RecibirCambio(0, devueltas))
	ns, _ := s.Consultar(0)
	require.Equal(t, []servidor.Notificacion{
		servidor.Cambiar(0, 4), servidor.Reponer(sacadas), servidor.TurnoDe(1),
	}, ns)
	require.Equal(t, sacadas.Letras(), ns[1].Letras)
	for cid := 1; cid < 3; cid++ {
		ns, _ := s.Consultar(cid)
		require.Equal(t, []servidor.Notificacion{servidor.Cambiar(0, 4), servidor.TurnoDe(1)}, ns)
		for _, n := range ns {
			require.Empty(t, n.Letras, "los demás no se enteran de qué letras se cambiaron")
			require.True(t, n.Jugada.Vacia())
		}
	}
	require.Equal(t, "Cambiar(0, 4)", ns[0].String())

	p, err := s.Partida()
	require.NoError(t, err)
	mano0, _ := p.Fichas(0)
	require.Equal(t, despues, mano0)
	require.Equal(t, j.Repositorio(), p.Repositorio())
	require.Equal(t, 1, p.Turno())
	sucesos := p.Sucesos()
	require.Equal(t, juego.SucesoCambio, sucesos[len(sucesos)-1].Tipo)

	// El siguiente juega normalmente después del cambio.
	require.NoError(t, s.Recibir(1, ocurrencia.Ocurrencia{}))
	ns, _ = s.Consultar(2)
	require.Equal(t, []servidor.Notificacion{
		servidor.Ubicar(1, ocurrencia.Ocurrencia{}), servidor.SumaPuntos(1, 0), servidor.TurnoDe(2),
	}, ns)
}

// TestRecibirCambioRechazado: un cambio imposible recibe Mal, solo para
// quien lo pidió, y nada cambia.
func TestRecibirCambioRechazado(t *testing.T) {
	v, r := bolsaClasica(t, 2, 9)
	mano := func(s *servidor.Servidor, cid int) letra.Multiconjunto {
		p, err := s.Partida()
		require.NoError(t, err)
		m, _ := p.Fichas(cid)
		return m
	}
	ajena := func(s *servidor.Servidor) letra.Multiconjunto {
		// Una letra de la que el jugador 0 no tiene tantas: una más de
		// las que tiene de su primera letra.
		m := mano(s, 0)
		l := m.Letras()[0]
		n := m.Cantidad(l)
		var res letra.Multiconjunto
		for range n + 1 {
			res.Agregar(l)
		}
		return res
	}

	t.Run("antes de empezar", func(t *testing.T) {
		s, err := servidor.Nuevo(2, v, r)
		require.NoError(t, err)
		c0, _ := s.Conectar()
		require.NoError(t, s.RecibirCambio(c0, letra.NuevoMulticonjunto(r[0])))
		ns, _ := s.Consultar(c0)
		require.Len(t, ns, 2)
		require.Equal(t, servidor.IDCliente(0), ns[0])
		requerirMal(t, ns[1:], servidor.ErrNoEmpezado)
		require.False(t, s.Empezo())
	})

	casos := []struct {
		nombre    string
		cid       int
		devueltas func(s *servidor.Servidor) letra.Multiconjunto
		motivo    error
	}{
		{"fuera de turno", 1, func(s *servidor.Servidor) letra.Multiconjunto { return mano(s, 1) }, servidor.ErrNoEsSuTurno},
		{"ninguna ficha", 0, func(*servidor.Servidor) letra.Multiconjunto { return letra.Multiconjunto{} }, juego.ErrCambioInvalido},
		{"fichas que no tiene", 0, ajena, juego.ErrCambioInvalido},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := servidorClasico(t, 2, v, r)
			antes := estadoDe(t, s)
			require.NoError(t, s.RecibirCambio(c.cid, c.devueltas(s)))
			for cid := range 2 {
				ns, _ := s.Consultar(cid)
				if cid == c.cid {
					requerirMal(t, ns, c.motivo)
				} else {
					require.Empty(t, ns)
				}
			}
			require.Equal(t, antes, estadoDe(t, s))
		})
	}

	t.Run("bolsa con menos de F fichas", func(t *testing.T) {
		// Manos de 7 y una bolsa de 6.
		r, err := v.Alfabeto().ParsearFichas("aeiouln" + "rstdmpc" + "bgfhjv")
		require.NoError(t, err)
		s := servidorClasico(t, 2, v, r)
		antes := estadoDe(t, s)
		require.NoError(t, s.RecibirCambio(0, letra.NuevoMulticonjunto(r[0])))
		ns, _ := s.Consultar(0)
		requerirMal(t, ns, juego.ErrCambioInvalido)
		ns, _ = s.Consultar(1)
		require.Empty(t, ns)
		require.Equal(t, antes, estadoDe(t, s))
	})

	t.Run("la variante no permite cambios", func(t *testing.T) {
		s := servidorClasico(t, 2, varianteChica(t), leer(t, "SOOSLAAAAAAAA"))
		require.NoError(t, s.RecibirCambio(0, letra.NuevoMulticonjunto(leer(t, "S")...)))
		ns, _ := s.Consultar(0)
		requerirMal(t, ns, juego.ErrCambioInvalido)
		ns, _ = s.Consultar(1)
		require.Empty(t, ns)
	})

	t.Run("cliente desconocido", func(t *testing.T) {
		s := servidorClasico(t, 2, v, r)
		require.ErrorIs(t, s.RecibirCambio(2, mano(s, 0)), servidor.ErrClienteDesconocido)
		require.ErrorIs(t, s.RecibirCambio(-1, mano(s, 0)), servidor.ErrClienteDesconocido)
	})
}

// valorMano es lo que pierde al final quien se queda con la mano m.
func valorMano(v *variante.Variante, m letra.Multiconjunto) int {
	total := 0
	for l := range m.Todas() {
		total += v.ValorFicha(l)
	}
	return total
}

// requerirMal: ns es un solo Mal, cuyo motivo es motivo según errors.Is.
func requerirMal(t *testing.T, ns []servidor.Notificacion, motivo error) {
	t.Helper()
	require.Len(t, ns, 1, "%v", ns)
	require.Equal(t, servidor.TipoMal, ns[0].Tipo)
	require.ErrorIs(t, ns[0].Motivo, motivo)
}

// requerirTerminada: después del fin todo mensaje recibe Mal por
// juego.ErrPartidaTerminada, solo para quien lo envió, y nada cambia; con
// la cola vacía, Esperar devuelve servidor.ErrTerminado sin esperar.
func requerirTerminada(t *testing.T, s *servidor.Servidor) {
	t.Helper()
	p, err := s.Partida()
	require.NoError(t, err)
	_, terminada := p.Terminada()
	require.True(t, terminada)
	antes := estadoDe(t, s)
	k := s.Esperados()
	for cid := range k {
		m := antes.manos[cid]
		require.NoError(t, s.Recibir(cid, ocurrencia.Ocurrencia{}))
		if !m.Vacio() {
			require.NoError(t, s.RecibirCambio(cid, m))
		}
		ns, err := s.Esperar(context.Background(), cid)
		require.NoError(t, err, "lo que quedó en la cola llega antes que ErrTerminado")
		require.NotEmpty(t, ns)
		for _, n := range ns {
			require.Equal(t, servidor.TipoMal, n.Tipo)
			require.ErrorIs(t, n.Motivo, juego.ErrPartidaTerminada)
			require.True(t, n.Igual(servidor.Mal(juego.ErrPartidaTerminada)))
		}
		ns, err = s.Esperar(context.Background(), cid)
		require.ErrorIs(t, err, servidor.ErrTerminado)
		require.Empty(t, ns)
		for otro := range k {
			if otro != cid {
				ns, _ := s.Consultar(otro)
				require.Empty(t, ns)
			}
		}
	}
	require.Equal(t, antes, estadoDe(t, s))
}

// TestFinPorTurnosSinPuntos: con espanol.Clasica() la partida termina
// después de seis turnos seguidos sin puntos; en lugar de TurnoDe todos
// reciben los ajustes finales de cada jugador y Fin. Si el sexto turno es un
// cambio, lo mismo.
func TestFinPorTurnosSinPuntos(t *testing.T) {
	for _, cambiaAlFinal := range []bool{false, true} {
		nombre := "seis pases"
		if cambiaAlFinal {
			nombre = "el sexto es un cambio"
		}
		t.Run(nombre, func(t *testing.T) {
			v, r := bolsaClasica(t, 2, 3)
			s := servidorClasico(t, 2, v, r)
			for turno := range 5 {
				cid := turno % 2
				require.NoError(t, s.Recibir(cid, ocurrencia.Ocurrencia{}))
				for i := range 2 {
					ns, _ := s.Consultar(i)
					want := []servidor.Notificacion{servidor.Ubicar(cid, ocurrencia.Ocurrencia{}), servidor.SumaPuntos(cid, 0)}
					if i == cid {
						want = append(want, servidor.Reponer(letra.Multiconjunto{}))
					}
					require.Equal(t, append(want, servidor.TurnoDe(1-cid)), ns, "turno %d, cliente %d", turno, i)
				}
			}

			p, err := s.Partida()
			require.NoError(t, err)
			var devueltas letra.Multiconjunto
			if cambiaAlFinal {
				devueltas, _ = p.Fichas(1)
				require.NoError(t, p.Cambiar(devueltas))
				require.NoError(t, s.RecibirCambio(1, devueltas))
			} else {
				require.NoError(t, p.Pasar())
				require.NoError(t, s.Recibir(1, ocurrencia.Ocurrencia{}))
			}
			fin, terminada := p.Terminada()
			require.True(t, terminada)
			require.Equal(t, juego.FinTurnosSinPuntos, fin.Motivo)
			cierre := make([]servidor.Notificacion, 0, 3)
			for i := range 2 {
				m, _ := p.Fichas(i)
				require.Equal(t, -valorMano(v, m), fin.Ajustes[i])
				cierre = append(cierre, servidor.SumaPuntos(i, fin.Ajustes[i]))
			}
			cierre = append(cierre, servidor.Fin(fin))
			require.Equal(t, servidor.Notificacion{Tipo: servidor.TipoFin, Cliente: -1, Numero: int(juego.FinTurnosSinPuntos)}, servidor.Fin(fin))
			for i := range 2 {
				ns, _ := s.Consultar(i)
				var want []servidor.Notificacion
				if cambiaAlFinal {
					want = append(want, servidor.Cambiar(1, devueltas.Tamano()))
				} else {
					want = append(want, servidor.Ubicar(1, ocurrencia.Ocurrencia{}), servidor.SumaPuntos(1, 0))
				}
				if i == 1 {
					antes, _ := p.Fichas(1) // la mano después del turno…
					if cambiaAlFinal {
						want = append(want, servidor.Reponer(antes)) // …es toda nueva
					} else {
						want = append(want, servidor.Reponer(letra.Multiconjunto{}))
					}
				}
				require.Equal(t, append(want, cierre...), ns, "cliente %d", i)
				require.Equal(t, juego.FinTurnosSinPuntos, ns[len(ns)-1].MotivoFin())
			}

			final, _ := s.Partida()
			for i := range 2 {
				puntos, _ := final.Puntaje(i)
				require.Equal(t, fin.Ajustes[i], puntos, "sin jugadas, el puntaje es el ajuste")
			}
			requerirTerminada(t, s)
		})
	}
}

// TestFinSinFichas: el jugador 0 ubica sus siete fichas con la bolsa vacía y
// la partida termina: gana lo que el otro pierde.
func TestFinSinFichas(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("asesino" + "zqx")
	require.NoError(t, err)
	s := servidorClasico(t, 2, v, r)

	asesino, err := ocurrencia.Parsear("(7,7,A) (7,8,S) (7,9,E) (7,10,S) (7,11,I) (7,12,N) (7,13,O)", alf)
	require.NoError(t, err)
	p, err := s.Partida()
	require.NoError(t, err)
	require.True(t, p.JugadaValida(asesino))
	puntos, err := p.PuntajeObtenido(asesino)
	require.NoError(t, err)
	// Palabra doble por el centro, I en letra doble, y el bingo.
	require.Equal(t, (1+1+1+1+2+1+1)*2+50, puntos)

	require.NoError(t, s.Recibir(0, asesino))
	zqx := valorMano(v, letra.NuevoMulticonjunto(r[7:]...))
	require.Equal(t, 10+5+8, zqx)
	fin := juego.Fin{Motivo: juego.FinSinFichas, Jugador: 0, Ajustes: []int{zqx, -zqx}}
	cierre := []servidor.Notificacion{servidor.SumaPuntos(0, zqx), servidor.SumaPuntos(1, -zqx), servidor.Fin(fin)}
	ns, _ := s.Consultar(0)
	require.Equal(t, append([]servidor.Notificacion{
		servidor.Ubicar(0, asesino), servidor.SumaPuntos(0, puntos), servidor.Reponer(letra.Multiconjunto{}),
	}, cierre...), ns)
	require.Equal(t, "Fin(1, 0)", ns[len(ns)-1].String())
	require.Equal(t, juego.FinSinFichas, ns[len(ns)-1].MotivoFin())
	ns, _ = s.Consultar(1)
	require.Equal(t, append([]servidor.Notificacion{
		servidor.Ubicar(0, asesino), servidor.SumaPuntos(0, puntos),
	}, cierre...), ns)

	final, err := s.Partida()
	require.NoError(t, err)
	got, ok := final.Terminada()
	require.True(t, ok)
	require.Equal(t, fin, got)
	for i, want := range []int{puntos + zqx, -zqx} {
		p, _ := final.Puntaje(i)
		require.Equal(t, want, p, "el puntaje es la suma de los SumaPuntos")
	}
	requerirTerminada(t, s)
}

// TestRecibirComodin: un comodín sale de la mano como tal, así que el
// Reponer de quien lo juega tiene exactamente las fichas que sacó, aunque
// tenga también la letra que el comodín representa.
func TestRecibirComodin(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("?olaqxz" + "lmnpdtv" + "eiu")
	require.NoError(t, err)
	s := servidorClasico(t, 2, v, r)
	ola, err := ocurrencia.Parsear("(7,6,O) (7,7,L) (7,8,?A)", alf)
	require.NoError(t, err)
	require.NoError(t, s.Recibir(0, ola))
	ns, _ := s.Consultar(0)
	repuestas := letra.NuevoMulticonjunto(r[14:]...)
	require.Equal(t, []servidor.Notificacion{
		servidor.Ubicar(0, ola), servidor.SumaPuntos(0, (1+1+0)*2),
		servidor.Reponer(repuestas), servidor.TurnoDe(1),
	}, ns)
	require.Equal(t, "Reponer({E, I, U})", ns[2].Formatear(alf))
	p, _ := s.Partida()
	require.True(t, p.EsComodin(7, 8))
	mano, _ := p.Fichas(0)
	quedaron, _ := alf.ParsearFichas("aqxz")
	require.Equal(t, letra.NuevoMulticonjunto(quedaron...).Suma(repuestas), mano)
}

// TestEsperarTerminado: cuando la partida termina, quienes ya esperaban
// reciben lo que quedó en su cola (los ajustes y Fin) y después
// servidor.ErrTerminado; dos que esperan al mismo cliente se despiertan
// los dos: uno recibe la cola y el otro ErrTerminado. Desde entonces
// Esperar no espera.
func TestEsperarTerminado(t *testing.T) {
	v, r := bolsaClasica(t, 2, 3)
	s := servidorClasico(t, 2, v, r)
	for turno := range 5 {
		require.NoError(t, s.Recibir(turno%2, ocurrencia.Ocurrencia{}))
	}
	vaciar(t, s)

	ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelar()
	type respuesta struct {
		ns  []servidor.Notificacion
		err error
	}
	esperar := func(cid int) <-chan respuesta {
		c := make(chan respuesta, 1)
		go func() {
			ns, err := s.Esperar(ctx, cid)
			c <- respuesta{ns, err}
		}()
		return c
	}
	// Hasta que no llegue nada, esperan.
	cero := esperar(0)
	unos := []<-chan respuesta{esperar(1), esperar(1)}
	time.Sleep(20 * time.Millisecond)
	for _, c := range append(unos, cero) {
		select {
		case r := <-c:
			t.Fatalf("Esperar volvió antes del fin: %v, %v", r.ns, r.err)
		default:
		}
	}

	require.NoError(t, s.Recibir(1, ocurrencia.Ocurrencia{})) // el sexto turno sin puntos

	// Al cliente 0 le llega el cierre.
	r0 := <-cero
	require.NoError(t, r0.err)
	require.NotEmpty(t, r0.ns)
	require.Equal(t, servidor.TipoFin, r0.ns[len(r0.ns)-1].Tipo)
	// Al cliente 1 lo esperan dos: uno recibe la cola, el otro ErrTerminado,
	// en cualquier orden; el que recibe la cola la recibe entera.
	var cola []servidor.Notificacion
	terminados := 0
	for _, c := range unos {
		r := <-c
		switch {
		case r.err == nil:
			require.Nil(t, cola, "la cola se entrega una sola vez")
			cola = r.ns
		case errors.Is(r.err, servidor.ErrTerminado):
			require.Empty(t, r.ns)
			terminados++
		default:
			t.Fatalf("Esperar: %v", r.err)
		}
	}
	require.NotNil(t, cola, "nadie recibió el cierre del cliente 1")
	require.Equal(t, 1, terminados)
	require.Equal(t, servidor.TipoFin, cola[len(cola)-1].Tipo)

	// Con la cola vacía, Esperar devuelve ErrTerminado sin esperar.
	for cid := range 2 {
		ns, err := s.Esperar(ctx, cid)
		require.ErrorIs(t, err, servidor.ErrTerminado)
		require.Empty(t, ns)
	}
	// Un mensaje tardío recibe Mal, que llega antes que ErrTerminado.
	require.NoError(t, s.Recibir(0, ocurrencia.Ocurrencia{}))
	ns, err := s.Esperar(ctx, 0)
	require.NoError(t, err)
	require.Len(t, ns, 1)
	require.ErrorIs(t, ns[0].Motivo, juego.ErrPartidaTerminada)
	_, err = s.Esperar(ctx, 0)
	require.ErrorIs(t, err, servidor.ErrTerminado)
}
