package contrato

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

var pruebasPartidas = []prueba{
	{"GuardadaYReanudada", partidaGuardadaYReanudada},
	{"Rechazos", partidasRechazos},
	{"Abandonar", partidasAbandonar},
	{"Reloj", partidasReloj},
	{"Filtros", partidasFiltros},
	{"MovimientosIguales", partidasMovimientosIguales},
	{"AlaVez", partidasAlaVez},
	{"Cancelada", partidasCancelada},
	{"Verificar", partidasVerificar},
	{"MovimientosGuardados", partidasMovimientosGuardados},
}

// Una partida entre dos bots, guardada jugada a jugada y reanudada cada
// tanto desde otro almacén sobre los mismos datos: la partida reanudada es
// la misma (tablero, manos, bolsa, turno), y al terminar quedan las
// estadísticas, la clasificación y el GCG.
func partidaGuardadaYReanudada(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, otroAlmacen := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Nombre: "prueba", Diccionario: "fise", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: ana.ID, Nivel: "avanzado"}, {Jugador: beto.ID, Nivel: "intermedio"}}})
	require.NoError(t, err)
	bs := [2]*bot.Bot{}
	{
		g1, _ := catalogoComun.Generador(m.Juego().Variante())
		g2, _ := catalogoComun.Generador(m.Juego().Variante())
		bs[0], _ = bot.Nuevo(bot.Avanzado, g1)
		bs[1], _ = bot.Nuevo(bot.Intermedio, g2)
	}
	for turno := 0; ; turno++ {
		if turno%5 == 3 {
			otro := otroAlmacen(t)
			r, err := almacen.Reanudar(ctx, otro, almacen.NuevoCatalogo(otro, almacen.BaseEspanol()), m.ID())
			require.NoError(t, err)
			require.Equal(t, m.Juego().Posicion(), r.Juego().Posicion())
			require.Equal(t, m.Juego().Sucesos(), r.Juego().Sucesos())
			require.NoError(t, otro.Close())
		}
		if !JugarBot(t, ctx, m, bs[m.Turno()]) {
			break
		}
	}
	// Rechazos: nada cambia.
	n := m.Movimientos()
	require.ErrorIs(t, m.Pasar(ctx), almacen.ErrPartidaTerminada)
	require.Equal(t, n, m.Movimientos())

	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, p.Estado)
	require.Len(t, p.Movimientos, n)
	require.Equal(t, []almacen.Asiento{{Jugador: ana.ID, Nivel: "avanzado"}, {Jugador: beto.ID, Nivel: "intermedio"}}, p.Asientos)
	require.Equal(t, uint64(7), p.Semilla)
	require.Equal(t, "es-clasica", p.Variante)
	j := m.Juego()
	for i, jug := range []int64{ana.ID, beto.ID} {
		e, err := a.Estadisticas(ctx, jug)
		require.NoError(t, err)
		pt, _ := j.Puntaje(i)
		require.Equal(t, []int{pt}, e.Puntajes)
		require.Equal(t, pt, e.Maximo)
		require.Equal(t, pt, e.Total)
		require.Equal(t, float64(pt), e.Media)
		require.Equal(t, 1, e.Partidas)
		require.Equal(t, p.Puntajes[i], pt)
		require.NotEqual(t, 1500.0, e.Rating.Valor, "el rating cambió")
	}
	filas, err := a.Clasificacion(ctx, clasificacion.PorMaximo, 0)
	require.NoError(t, err)
	require.Len(t, filas, 2)
	require.GreaterOrEqual(t, filas[0].Maximo, filas[1].Maximo)

	// GCG: exportar, importar como otra partida y volver a exportar igual.
	v, err := c.Variante(ctx, "fise", 0)
	require.NoError(t, err)
	var b1 bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&b1, p, v, []string{"ana", "beto"}))
	carla, _ := a.CrearJugador(ctx, "carla", "es")
	dani, _ := a.CrearJugador(ctx, "dani", "es")
	imp, err := almacen.ImportarGCG(ctx, a, c, almacen.NuevaPartida{Nombre: "prueba", Diccionario: "fise",
		Asientos: []almacen.Asiento{{Jugador: carla.ID}, {Jugador: dani.ID}}}, bytes.NewReader(b1.Bytes()))
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, imp.Estado)
	require.Equal(t, p.Puntajes, imp.Puntajes)
	var b2 bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&b2, imp, v, []string{"ana", "beto"}))
	require.Equal(t, b1.String(), b2.String())

	// Un GCG roto no deja nada.
	antes, _ := a.Partidas(ctx, almacen.Filtro{})
	_, err = almacen.ImportarGCG(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise",
		Asientos: []almacen.Asiento{{Jugador: carla.ID}, {Jugador: dani.ID}}}, bytes.NewReader(b1.Bytes()[:len(b1.Bytes())/2]))
	despues, _ := a.Partidas(ctx, almacen.Filtro{})
	if err == nil { // medio registro puede ser válido: una partida sin terminar
		require.Len(t, despues, len(antes)+1)
	} else {
		require.Len(t, despues, len(antes))
	}

	lista, err := a.Partidas(ctx, almacen.Filtro{Jugador: ana.ID})
	require.NoError(t, err)
	require.Len(t, lista, 1)
	require.NoError(t, a.BorrarPartida(ctx, p.ID))
	require.ErrorIs(t, a.BorrarPartida(ctx, p.ID), almacen.ErrPartidaInexistente)
	_, err = a.Partida(ctx, p.ID)
	require.ErrorIs(t, err, almacen.ErrPartidaInexistente)
	// Las estadísticas se conservan.
	e, _ := a.Estadisticas(ctx, ana.ID)
	require.Equal(t, 1, e.Partidas)
}

// Lo que se rechaza no cambia nada y da su error centinela.
func partidasRechazos(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	_, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: 77}}})
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	_, err = almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: ana.ID}}})
	require.ErrorIs(t, err, almacen.ErrAsientosInvalidos)
	_, err = a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise"})
	require.ErrorIs(t, err, almacen.ErrAsientosInvalidos)
	_, err = almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "nada", Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)
	_, err = a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Version: 2, Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente, "una versión que no existe")
	lista, _ := a.Partidas(ctx, almacen.Filtro{})
	require.Empty(t, lista)
	_, err = almacen.Reanudar(ctx, a, c, 12345)
	require.ErrorIs(t, err, almacen.ErrPartidaInexistente)
	require.ErrorIs(t, a.AgregarMovimiento(ctx, 12345, 0, almacen.Movimiento{Tipo: juego.SucesoPase}, nil), almacen.ErrPartidaInexistente)

	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "FISE", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.Equal(t, "fise", m.Partida().Diccionario, "el nombre guardado del diccionario")
	// Una jugada inválida no se guarda.
	_, err = m.Ubicar(ctx, ocurrencia.Nueva(ocurrencia.Ficha{Fila: 0, Columna: 0, Letra: 0}))
	require.Error(t, err)
	require.Equal(t, 0, m.Movimientos())
	// Un movimiento fuera de orden es un conflicto.
	pase := almacen.Movimiento{Tipo: juego.SucesoPase}
	require.ErrorIs(t, a.AgregarMovimiento(ctx, m.ID(), 3, pase, nil), almacen.ErrConflicto)
	// Un resultado sin un puntaje por asiento no termina la partida ni
	// guarda el movimiento.
	require.ErrorIs(t, a.AgregarMovimiento(ctx, m.ID(), 0, pase, &almacen.Resultado{Puntajes: []int{1}}), almacen.ErrAsientosInvalidos)
	require.Error(t, a.AgregarMovimientos(ctx, m.ID(), 0, nil, nil), "ningún movimiento")
	require.Error(t, a.AgregarMovimiento(ctx, m.ID(), 0, almacen.Movimiento{Tipo: juego.SucesoFin}, nil), "un tipo que no se guarda")
	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Empty(t, p.Movimientos)
	require.Equal(t, almacen.EnCurso, p.Estado)
	e, _ := a.Estadisticas(ctx, ana.ID)
	require.Zero(t, e.Partidas)
	// Cerrado.
	require.NoError(t, a.Close())
	require.ErrorIs(t, m.Pasar(ctx), almacen.ErrCerrado)
	require.Equal(t, 0, m.Movimientos())
}

// Rendirse termina la partida con quien se rinde por debajo de su rival,
// queda guardado como un ajuste que Reanudar repite, y después nada más se
// acepta.
func partidasAbandonar(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 3,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	bs := bots(t, m, bot.Avanzado)
	for range 4 {
		require.True(t, JugarBot(t, ctx, m, bs[m.Turno()]))
	}
	j := m.Juego()
	p0, _ := j.Puntaje(0)
	p1, _ := j.Puntaje(1)
	ganador := 0
	if p1 > p0 {
		ganador = 1
	}
	_, err = m.Abandonar(ctx, 2)
	require.ErrorIs(t, err, almacen.ErrAsientosInvalidos)
	require.Equal(t, 4, m.Movimientos())

	// Se rinde quien va ganando: queda un punto por debajo.
	puntajes, err := m.Abandonar(ctx, ganador)
	require.NoError(t, err)
	require.Equal(t, puntajes[1-ganador]-1, puntajes[ganador])
	require.Equal(t, 5, m.Movimientos())
	require.Equal(t, almacen.Terminada, m.Partida().Estado)
	_, err = m.Abandonar(ctx, 1-ganador)
	require.ErrorIs(t, err, almacen.ErrPartidaTerminada)
	require.ErrorIs(t, m.Pasar(ctx), almacen.ErrPartidaTerminada)

	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, p.Estado)
	require.Equal(t, puntajes, p.Puntajes)
	r, err := almacen.Reanudar(ctx, a, c, m.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, r.Partida().Estado)
	for i, pt := range puntajes {
		got, _ := r.Juego().Puntaje(i)
		require.Equal(t, pt, got)
	}
	e, err := a.Estadisticas(ctx, []int64{ana.ID, beto.ID}[1-ganador])
	require.NoError(t, err)
	require.Equal(t, 1, e.Victorias)
	var gcg bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&gcg, p, m.Juego().Variante(), []string{"ana", "beto"}))
	require.Contains(t, gcg.String(), "\n#note "+[]string{"ana", "beto"}[ganador]+" resigned\n")
	require.NotContains(t, gcg.String(), "(time)")
	require.NotContains(t, gcg.String(), "(challenge)")
	require.Contains(t, gcg.String(), "\n#lexicon fise\n")

	// Quien va perdiendo no pierde más puntos.
	m2, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 4,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.True(t, JugarBot(t, ctx, m2, bs[0]))
	puntajes, err = m2.Abandonar(ctx, 1)
	require.NoError(t, err)
	require.Equal(t, 0, puntajes[1])
}

// El reloj: cada movimiento guarda lo que tardó; al terminar, quien se
// pasó de tiempo pierde 10 puntos por minuto o fracción, en la misma
// transacción que el fin y antes de las estadísticas; Reanudar recupera
// lo usado; PerderPorTiempo termina la partida.
func partidasReloj(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	reloj := almacen.Reloj{Inicial: time.Minute, Penalizacion: 10, Exceso: 10 * time.Minute}
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 5, Reloj: reloj,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.Equal(t, reloj, m.Partida().Reloj)
	_, err = a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Reloj: almacen.Reloj{Inicial: -time.Second},
		Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.Error(t, err, "un reloj negativo")
	// Seis pases terminan la partida (regla C7): ana tarda 61 s en total
	// (un minuto de exceso empezado) y beto 3 min 30 s (tres).
	duraciones := []time.Duration{30 * time.Second, time.Minute, 30 * time.Second, time.Minute, time.Second, 90 * time.Second}
	for i, d := range duraciones {
		_, err := m.Jugar(ctx, almacen.Movimiento{Tipo: juego.SucesoPase, Duracion: d})
		require.NoError(t, err)
		if i == 2 {
			r, err := almacen.Reanudar(ctx, a, c, m.ID())
			require.NoError(t, err)
			require.Equal(t, []time.Duration{time.Minute, time.Minute}, r.Usados())
		}
	}
	_, fin := m.Terminada()
	require.True(t, fin)
	require.Equal(t, []time.Duration{61 * time.Second, 210 * time.Second}, m.Usados())
	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Equal(t, reloj, p.Reloj)
	require.Len(t, p.Movimientos, 8, "seis pases y dos penalizaciones")
	pen := p.Movimientos[6:]
	require.Equal(t, almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: 0, Puntos: -10, Motivo: almacen.AjusteTiempo}, pen[0])
	require.Equal(t, almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: 1, Puntos: -30, Motivo: almacen.AjusteTiempo}, pen[1])
	require.Equal(t, 90*time.Second, p.Movimientos[5].Duracion)
	j := m.Juego()
	for i, pt := range p.Puntajes {
		got, _ := j.Puntaje(i)
		require.Equal(t, got, pt)
	}
	e, err := a.Estadisticas(ctx, beto.ID)
	require.NoError(t, err)
	require.Equal(t, []int{p.Puntajes[1]}, e.Puntajes, "las estadísticas cuentan la penalización")
	var b bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&b, p, j.Variante(), []string{"Ana María", "beto"}))
	require.Contains(t, b.String(), "(time) -30")
	require.Contains(t, b.String(), "#player1 Ana_María Ana María\n")
	require.NotContains(t, b.String(), "#note")

	// Perder por tiempo: un ajuste AjusteBandera que deja a quien estaba en
	// turno por debajo, con lo que tardó; GCG lo dice con una nota.
	m2, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Nombre: "Final del torneo", Diccionario: "fise", Semilla: 6, Reloj: reloj,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	bs := bots(t, m2, bot.Avanzado)
	require.True(t, JugarBot(t, ctx, m2, bs[0]))
	puntajes, err := m2.PerderPorTiempo(ctx, 11*time.Minute)
	require.NoError(t, err)
	require.Less(t, puntajes[1], puntajes[0])
	require.Equal(t, []time.Duration{0, 11 * time.Minute}, m2.Usados())
	p2, err := a.Partida(ctx, m2.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, p2.Estado)
	ult := p2.Movimientos[len(p2.Movimientos)-1]
	require.Equal(t, almacen.AjusteBandera, ult.Motivo)
	require.Equal(t, 11*time.Minute, ult.Duracion)
	b.Reset()
	require.NoError(t, almacen.ExportarGCG(&b, p2, j.Variante(), []string{"ana", "beto"}))
	require.Contains(t, b.String(), "\n#title Final del torneo\n")
	require.Contains(t, b.String(), "\n#note beto lost on time\n")
	require.NotContains(t, b.String(), "(time)")
	_, err = m2.PerderPorTiempo(ctx, 0)
	require.ErrorIs(t, err, almacen.ErrPartidaTerminada)
	_, err = m2.Jugar(ctx, almacen.Movimiento{Tipo: juego.SucesoAjuste})
	require.Error(t, err, "un ajuste no es un turno")
}

// partidaDePases crea una partida de dos jugadores nuevos sin pasar por
// el juego (el almacén no lo valida).
func partidaDePases(tb testing.TB, a Almacen, nombre string) almacen.Partida {
	tb.Helper()
	ctx := context.Background()
	j1, err := a.CrearJugador(ctx, nombre+"-1", "es")
	require.NoError(tb, err)
	j2, err := a.CrearJugador(ctx, nombre+"-2", "es")
	require.NoError(tb, err)
	p, err := a.CrearPartida(ctx, almacen.NuevaPartida{Nombre: nombre, Diccionario: "fise", Semilla: 1,
		Asientos: []almacen.Asiento{{Jugador: j1.ID}, {Jugador: j2.ID, Nivel: "experto"}}})
	require.NoError(tb, err)
	return p
}

// Partidas filtra por jugador y por estado, las más recientes primero y
// hasta el límite, con sus asientos y la cantidad de movimientos.
func partidasFiltros(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	var ps []almacen.Partida
	for _, n := range []string{"a", "b", "c"} {
		ps = append(ps, partidaDePases(t, a, n))
	}
	pase := almacen.Movimiento{Tipo: juego.SucesoPase}
	require.NoError(t, a.AgregarMovimientos(ctx, ps[1].ID, 0, []almacen.Movimiento{pase, pase}, &almacen.Resultado{Puntajes: []int{3, 4}}))
	require.NoError(t, a.AgregarMovimiento(ctx, ps[2].ID, 0, pase, nil))
	todas, err := a.Partidas(ctx, almacen.Filtro{})
	require.NoError(t, err)
	require.Len(t, todas, 3)
	require.Equal(t, []int64{ps[2].ID, ps[1].ID, ps[0].ID}, []int64{todas[0].ID, todas[1].ID, todas[2].ID})
	require.Equal(t, ps[1].Asientos, todas[1].Asientos)
	require.Equal(t, 2, todas[1].Movimientos)
	require.Equal(t, []int{3, 4}, todas[1].Puntajes)
	require.Nil(t, todas[0].Puntajes)
	require.Equal(t, "b", todas[1].Nombre)
	enCurso, err := a.Partidas(ctx, almacen.Filtro{Estado: almacen.EnCurso})
	require.NoError(t, err)
	require.Len(t, enCurso, 2)
	una, err := a.Partidas(ctx, almacen.Filtro{Limite: 1})
	require.NoError(t, err)
	require.Len(t, una, 1)
	require.Equal(t, ps[2].ID, una[0].ID)
	deB, err := a.Partidas(ctx, almacen.Filtro{Jugador: ps[1].Asientos[1].Jugador, Estado: almacen.Terminada})
	require.NoError(t, err)
	require.Len(t, deB, 1)
	require.Equal(t, ps[1].ID, deB[0].ID)
	ninguna, err := a.Partidas(ctx, almacen.Filtro{Jugador: ps[1].Asientos[1].Jugador, Estado: almacen.EnCurso})
	require.NoError(t, err)
	require.Empty(t, ninguna)
	e, err := a.Estadisticas(ctx, ps[1].Asientos[1].Jugador)
	require.NoError(t, err)
	require.Equal(t, almacen.Estadisticas{Jugador: ps[1].Asientos[1].Jugador, Puntajes: []int{4}, Maximo: 4, Media: 4, Partidas: 1,
		Victorias: 1, Total: 4, Rating: e.Rating}, e)
}

// Un movimiento se lee como se guardó, campo por campo: las fichas (con
// comodines), las cambiadas, la mano, las próximas, los puntos, lo que
// tardó y el motivo.
func partidasMovimientosIguales(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	p := partidaDePases(t, a, "m")
	multi := func(ls ...letra.Letra) letra.Multiconjunto {
		var m letra.Multiconjunto
		for _, l := range ls {
			m.Agregar(l)
		}
		return m
	}
	movs := []almacen.Movimiento{
		{Tipo: juego.SucesoColocacion, Jugador: 0, Puntos: 24, Duracion: 1500 * time.Millisecond,
			Jugada: ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: 3}, ocurrencia.Ficha{Fila: 7, Columna: 8, Letra: 0, Comodin: true}),
			Mano:   multi(0, 3, 5, 5, 9, 12, 20), ConMano: true, Proximas: multi(1, 2)},
		{Tipo: juego.SucesoCambio, Jugador: 1, Cambiadas: multi(4, 4, 17), Duracion: time.Nanosecond},
		{Tipo: juego.SucesoPase, Jugador: 0},
		{Tipo: juego.SucesoAjuste, Jugador: 1, Puntos: -7, Motivo: almacen.AjusteTiempo},
	}
	require.NoError(t, a.AgregarMovimientos(ctx, p.ID, 0, movs[:2], nil))
	require.NoError(t, a.AgregarMovimiento(ctx, p.ID, 2, movs[2], nil))
	require.NoError(t, a.AgregarMovimiento(ctx, p.ID, 3, movs[3], nil))
	leida, err := a.Partida(ctx, p.ID)
	require.NoError(t, err)
	require.Len(t, leida.Movimientos, len(movs))
	for i, m := range movs {
		require.Equal(t, m, leida.Movimientos[i], "movimiento %d", i)
	}
	require.Equal(t, p.Creada, leida.Creada)
	require.False(t, leida.Actualizada.Before(leida.Creada))
}

// Las jugadas de muchas partidas a la vez, desde muchas gorutinas: cada
// una con su resultado (las que no son la siguiente de su partida fallan
// con ErrConflicto sin arrastrar a las demás) y todas guardadas antes de
// volver.
func partidasAlaVez(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	const partidas, rondas = 16, 6
	var ids []int64
	for i := range partidas {
		ids = append(ids, partidaDePases(t, a, "p"+string(rune('a'+i))).ID)
	}
	var wg sync.WaitGroup
	conflictos := make([]int, partidas)
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range rondas {
				pase := almacen.Movimiento{Tipo: juego.SucesoPase, Jugador: n % 2}
				if i%4 == 0 { // además, uno adelantado: el número siguiente
					if err := a.AgregarMovimiento(ctx, id, n+1, pase, nil); assert.ErrorIs(t, err, almacen.ErrConflicto) {
						conflictos[i]++
					}
				}
				assert.NoError(t, a.AgregarMovimiento(ctx, id, n, pase, nil))
			}
		}()
	}
	wg.Wait()
	for i, id := range ids {
		p, err := a.Partida(ctx, id)
		require.NoError(t, err)
		require.Len(t, p.Movimientos, rondas, "partida %d", i)
		if i%4 == 0 {
			require.Equal(t, rondas, conflictos[i])
		}
	}
}

// Una escritura cuyo contexto ya se canceló no guarda nada y devuelve el
// error del contexto.
func partidasCancelada(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	p := partidaDePases(t, a, "c")
	cancelada, cancelar := context.WithCancel(ctx)
	cancelar()
	err := a.AgregarMovimiento(cancelada, p.ID, 0, almacen.Movimiento{Tipo: juego.SucesoPase}, nil)
	require.ErrorIs(t, err, context.Canceled)
	_, err = a.CrearJugador(cancelada, "z", "es")
	require.ErrorIs(t, err, context.Canceled)
	leida, err := a.Partida(ctx, p.ID)
	require.NoError(t, err)
	require.Empty(t, leida.Movimientos)
	_, err = a.JugadorPorNombre(ctx, "z")
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
}

// Un almacén sano no tiene partidas dañadas: ni al abrirlo (Danadas) ni
// con almacen.Verificar, que repite las partidas en curso; otro almacén
// abierto sobre los mismos datos tampoco las encuentra.
func partidasVerificar(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, otro := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	for k := range 3 {
		m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(k),
			Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
		require.NoError(t, err)
		bs := bots(t, m, bot.Avanzado)
		for range 3 + k {
			JugarBot(t, ctx, m, bs[m.Turno()])
		}
		if k == 2 {
			_, err := m.Abandonar(ctx, 0)
			require.NoError(t, err)
		}
	}
	require.Empty(t, a.Danadas())
	danadas, err := almacen.Verificar(ctx, a, c)
	require.NoError(t, err)
	require.Empty(t, danadas)
	b := otro(t)
	require.Empty(t, b.Danadas())
	danadas, err = almacen.Verificar(ctx, b, almacen.NuevoCatalogo(b, almacen.BaseEspanol()))
	require.NoError(t, err)
	require.Empty(t, danadas)
}

// MovimientosGuardados da, en una lectura, cuántos movimientos tiene cada
// partida pedida (las que no existen, o se borraron, no están), también
// lo que guardó otro almacén sobre los mismos datos (otro proceso), y lo
// mismo que Partida.
func partidasMovimientosGuardados(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, otro := abrir(t, nueva)
	b := otro(t)
	vacio, err := a.MovimientosGuardados(ctx, nil)
	require.NoError(t, err)
	require.Empty(t, vacio)
	var ids []int64
	for _, n := range []string{"a", "b", "c", "d"} {
		ids = append(ids, partidaDePases(t, a, n).ID)
	}
	pase := almacen.Movimiento{Tipo: juego.SucesoPase}
	require.NoError(t, a.AgregarMovimiento(ctx, ids[1], 0, pase, nil))
	require.NoError(t, b.AgregarMovimientos(ctx, ids[2], 0, []almacen.Movimiento{pase, pase, pase}, nil))
	require.NoError(t, b.AgregarMovimientos(ctx, ids[3], 0, []almacen.Movimiento{pase, pase}, &almacen.Resultado{Puntajes: []int{0, 0}}))
	inexistente := ids[3] + 1000
	pedidos := append([]int64{inexistente}, ids...)
	for k, al := range []Almacen{a, b} {
		ns, err := al.MovimientosGuardados(ctx, pedidos)
		require.NoError(t, err)
		require.Equal(t, map[int64]int{ids[0]: 0, ids[1]: 1, ids[2]: 3, ids[3]: 2}, ns, "almacén %d", k)
		for _, id := range ids {
			p, err := al.Partida(ctx, id)
			require.NoError(t, err)
			require.Len(t, p.Movimientos, ns[id], "almacén %d, partida %d", k, id)
		}
	}
	// Lo que otro proceso agrega después se ve en la lectura siguiente.
	require.NoError(t, b.AgregarMovimiento(ctx, ids[1], 1, pase, nil))
	require.NoError(t, b.BorrarPartida(ctx, ids[0]))
	ns, err := a.MovimientosGuardados(ctx, ids)
	require.NoError(t, err)
	require.Equal(t, map[int64]int{ids[1]: 2, ids[2]: 3, ids[3]: 2}, ns)
	// Muchas a la vez (más que un lote de parámetros de SQLite).
	muchas := make([]int64, 0, 1200)
	for i := range cap(muchas) {
		muchas = append(muchas, ids[2]+int64(i)*7919)
	}
	ns, err = a.MovimientosGuardados(ctx, muchas)
	require.NoError(t, err)
	require.Equal(t, map[int64]int{ids[2]: 3}, ns)
	require.NoError(t, a.Close())
	_, err = a.MovimientosGuardados(ctx, ids)
	require.ErrorIs(t, err, almacen.ErrCerrado)
}
