package servidor_test

import (
	"context"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
)

// igualAlModelo compara una notificación con la del modelo, campo por campo
// del observador datos. El modelo no tiene el motivo de Mal: basta que Mal
// tenga uno y las demás ninguno (el motivo se comprueba en la acción que lo
// provoca).
func igualAlModelo(t require.TestingT, mod tad.Notif, n servidor.Notificacion) {
	require.Equal(t, string(mod.Tipo), n.Tipo.String())
	if n.Tipo == servidor.TipoMal {
		require.Error(t, n.Motivo, "Mal sin motivo")
	} else {
		require.NoError(t, n.Motivo, "%v", n)
	}
	require.Equal(t, mod.Cid, n.Cliente, "%v", n)
	require.Equal(t, mod.N, n.Numero, "%v", n)
	letras := mod.Letras
	if letras == nil {
		letras = map[letra.Letra]int{}
	}
	require.True(t, maps.Equal(letras, mapa(letra.NuevoMulticonjunto(n.Letras...))), "letras de %v: el modelo tiene %v", n, mod.Letras)
	require.True(t, tad.IgualConjunto(mod.O, n.Jugada.Slice()), "%v", n)
}

func igualesAlModelo(t require.TestingT, mod []tad.Notif, ns []servidor.Notificacion) {
	require.Len(t, ns, len(mod), "modelo %v, servidor %v", mod, ns)
	for i := range mod {
		igualAlModelo(t, mod[i], ns[i])
	}
}

// maquina compara un Servidor con el modelo de SERVIDOR.
type maquina struct {
	s   *servidor.Servidor
	mod tad.Servidor
}

func nuevaMaquina(t *rapid.T) *maquina {
	p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 4, MaxK: 4, MaxF: 3, MaxPalabras: 10})
	s, err := servidor.Nuevo(p.K, p.Variante, p.Repositorio)
	require.NoError(t, err)
	mod, ok := tad.NuevoServidor(p.K, p.ModeloVariante, p.Repositorio)
	require.True(t, ok)
	mod.Palabras = pruebas.PalabrasModelo
	return &maquina{s: s, mod: mod}
}

// cliente devuelve un identificador al azar: casi siempre uno conectado, a
// veces uno que no lo está.
func (m *maquina) cliente(t *rapid.T) (cid int, conectado bool) {
	cid = rapid.IntRange(-1, m.mod.Conectados()).Draw(t, "cliente")
	return cid, cid >= 0 && cid < m.mod.Conectados()
}

// jugada devuelve una jugada al azar para el jugador en turno: válida según
// el modelo si se pide y hay alguna, o una candidata cualquiera.
func (m *maquina) jugada(t *rapid.T, valida bool) ocurrencia.Ocurrencia {
	p, err := m.s.Partida()
	require.NoError(t, err)
	cands := pruebas.Candidatas(p)
	if len(cands) == 0 {
		return ocurrencia.Ocurrencia{}
	}
	if !valida {
		return rapid.SampledFrom(cands).Draw(t, "jugada")
	}
	j, _ := m.mod.Juego()
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "orden"), 0))
	r.Shuffle(len(cands), func(i, k int) { cands[i], cands[k] = cands[k], cands[i] })
	for _, o := range cands[:min(len(cands), 100)] {
		if pruebas.ValidaEnModelo(j, o) {
			return o
		}
	}
	return ocurrencia.Ocurrencia{} // pasar siempre es válido
}

func (m *maquina) comparar(t *rapid.T) {
	require.Equal(t, m.mod.Esperados(), m.s.Esperados())
	require.Equal(t, m.mod.Conectados(), m.s.Conectados())
	require.Equal(t, m.mod.Empezo(), m.s.Empezo())
	for cid := range m.mod.Conectados() {
		ns, err := m.s.Notificaciones(cid)
		require.NoError(t, err)
		igualesAlModelo(t, m.mod.Notificaciones(cid), ns)
	}
	p, err := m.s.Partida()
	turno, errTurno := m.s.Turno()
	j, empezo := m.mod.Juego()
	if !empezo {
		require.ErrorIs(t, err, servidor.ErrNoEmpezado)
		require.ErrorIs(t, errTurno, servidor.ErrNoEmpezado)
		return
	}
	require.NoError(t, err)
	require.Equal(t, j.Turno(), p.Turno())
	require.Equal(t, j.Turno(), turno, "Turno sin copiar el juego")
	if _, fin := p.Terminada(); fin {
		require.ErrorIs(t, errTurno, juego.ErrPartidaTerminada)
	} else {
		require.NoError(t, errTurno)
	}
	require.Equal(t, j.Tiempo(), p.Tiempo())
	require.Equal(t, j.Repositorio(), p.Repositorio())
	for i := range p.Jugadores() {
		fichas, _ := p.Fichas(i)
		require.True(t, maps.Equal(j.Fichas(i), mapa(fichas)), "fichas del jugador %d", i)
	}
	tab := j.Tablero()
	n := p.TamanoTablero()
	for f := range n {
		for c := range n {
			require.Equal(t, tab.Ocupada(f, c), p.HayFicha(f, c))
		}
	}
}

func mapa(m letra.Multiconjunto) map[letra.Letra]int {
	res := map[letra.Letra]int{}
	for l := range m.Todas() {
		res[l]++
	}
	return res
}

func (m *maquina) acciones() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"": m.comparar,
		"conectar": func(t *rapid.T) {
			cid, err := m.s.Conectar()
			if m.mod.Empezo() {
				require.ErrorIs(t, err, servidor.ErrEmpezado)
				return
			}
			require.NoError(t, err)
			require.Equal(t, m.mod.Conectados(), cid, "R9: ids en orden de conexión")
			m.mod = m.mod.ConectarCliente()
		},
		"notificaciones": func(t *rapid.T) {
			cid, conectado := m.cliente(t)
			ns, err := m.s.Notificaciones(cid)
			if !conectado {
				require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
				require.Nil(t, ns)
				return
			}
			require.NoError(t, err)
			igualesAlModelo(t, m.mod.Notificaciones(cid), ns) // no consume: el modelo no cambia
		},
		"consultar": func(t *rapid.T) {
			cid, conectado := m.cliente(t)
			ns, err := m.s.Consultar(cid)
			if !conectado {
				require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
				return
			}
			require.NoError(t, err)
			igualesAlModelo(t, m.mod.Notificaciones(cid), ns)
			m.mod = m.mod.Consultar(cid)
		},
		"esperar": func(t *rapid.T) {
			cid, conectado := m.cliente(t)
			if !conectado {
				_, err := m.s.Esperar(context.Background(), cid)
				require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
				return
			}
			if len(m.mod.Notificaciones(cid)) == 0 {
				ctx, cancelar := context.WithCancel(context.Background())
				cancelar()
				ns, err := m.s.Esperar(ctx, cid)
				require.ErrorIs(t, err, context.Canceled)
				require.Empty(t, ns)
				return
			}
			ns, err := m.s.Esperar(context.Background(), cid)
			require.NoError(t, err)
			igualesAlModelo(t, m.mod.Notificaciones(cid), ns)
			m.mod = m.mod.Consultar(cid)
		},
		"recibir una jugada válida del jugador en turno": func(t *rapid.T) {
			j, empezo := m.mod.Juego()
			if !empezo {
				t.Skip("no empezó")
			}
			o := m.jugada(t, true)
			require.NoError(t, m.s.Recibir(j.Turno(), o))
			m.mod = m.mod.RecibirMensaje(j.Turno(), o.Slice())
		},
		"recibir un mensaje al azar": func(t *rapid.T) {
			cid, conectado := m.cliente(t)
			var o ocurrencia.Ocurrencia
			if m.mod.Empezo() {
				o = m.jugada(t, rapid.Bool().Draw(t, "válida"))
			} else {
				o = ocurrencia.Nueva(ocurrencia.Ficha{Letra: 0})
			}
			err := m.s.Recibir(cid, o)
			if !conectado {
				require.ErrorIs(t, err, servidor.ErrClienteDesconocido)
				return
			}
			require.NoError(t, err)
			// El motivo que debe tener el Mal, si lo hay.
			motivo := juego.ErrJugadaInvalida
			if j, empezo := m.mod.Juego(); !empezo {
				motivo = servidor.ErrNoEmpezado
			} else if j.Turno() != cid {
				motivo = servidor.ErrNoEsSuTurno
			}
			antes := len(m.mod.Notificaciones(cid))
			m.mod = m.mod.RecibirMensaje(cid, o.Slice())
			if mod := m.mod.Notificaciones(cid); len(mod) == antes+1 && mod[antes].Tipo == tad.NotifMal {
				ns, err := m.s.Notificaciones(cid)
				require.NoError(t, err)
				require.Len(t, ns, antes+1)
				require.ErrorIs(t, ns[antes].Motivo, motivo, "%v", ns[antes])
			}
		},
	}
}

// TestMaquinaDeEstados intercala conexiones, consultas, esperas y mensajes
// (válidos, inválidos, fuera de turno, antes de empezar, pasar) y compara
// las colas de todos los clientes y los observadores con el modelo después
// de cada paso.
func TestMaquinaDeEstados(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := nuevaMaquina(t)
		t.Repeat(m.acciones())
	})
}
