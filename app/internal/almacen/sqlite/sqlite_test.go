package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

func TestJugadores(t *testing.T) {
	ctx := context.Background()
	a, _, _ := abrir(t)
	ana, err := a.CrearJugador(ctx, "Ana", "es")
	require.NoError(t, err)
	_, err = a.CrearJugador(ctx, "ana", "en")
	require.ErrorIs(t, err, almacen.ErrNombreRepetido)
	for _, mal := range []string{"", "   ", "a\x00b", string(bytes.Repeat([]byte("x"), 65))} {
		_, err = a.CrearJugador(ctx, mal, "es")
		require.ErrorIs(t, err, almacen.ErrNombreInvalido, "%q", mal)
	}
	j, err := a.JugadorPorNombre(ctx, "ANA")
	require.NoError(t, err)
	require.Equal(t, ana.ID, j.ID)
	_, err = a.Jugador(ctx, 999)
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	_, err = a.Estadisticas(ctx, 999)
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	todos, err := a.Jugadores(ctx)
	require.NoError(t, err)
	require.Len(t, todos, 1)
}

// Una partida entre dos bots, guardada jugada a jugada y reanudada en cada
// turno desde el archivo: la partida reanudada es la misma (tablero, manos,
// bolsa, turno), y al terminar quedan las estadísticas, la clasificación y
// el GCG.
func TestPartidaGuardadaYReanudada(t *testing.T) {
	ctx := context.Background()
	a, c, ruta := abrir(t)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Nombre: "prueba", Diccionario: "fise", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: ana.ID, Nivel: "avanzado"}, {Jugador: beto.ID, Nivel: "intermedio"}}})
	require.NoError(t, err)
	bs := [2]*bot.Bot{}
	{
		g1, _ := c.Generador(m.Juego().Variante())
		g2, _ := c.Generador(m.Juego().Variante())
		bs[0], _ = bot.Nuevo(bot.Avanzado, g1)
		bs[1], _ = bot.Nuevo(bot.Intermedio, g2)
	}
	for turno := 0; ; turno++ {
		if turno%5 == 3 { // reanudar desde otro almacén abierto sobre el mismo archivo
			otro, err := sqlite.Abrir(ruta, sqlite.Opciones{})
			require.NoError(t, err)
			r, err := almacen.Reanudar(ctx, otro, almacen.NuevoCatalogo(otro, almacen.BaseEspanol()), m.ID())
			require.NoError(t, err)
			require.Equal(t, m.Juego().Posicion(), r.Juego().Posicion())
			require.Equal(t, m.Juego().Sucesos(), r.Juego().Sucesos())
			require.NoError(t, otro.Close())
		}
		if !jugarBot(t, ctx, m, bs[m.Turno()]) {
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
	j := m.Juego()
	for i, jug := range []int64{ana.ID, beto.ID} {
		e, err := a.Estadisticas(ctx, jug)
		require.NoError(t, err)
		pt, _ := j.Puntaje(i)
		require.Equal(t, []int{pt}, e.Puntajes)
		require.Equal(t, pt, e.Maximo)
		require.Equal(t, pt, e.Total)
		require.Equal(t, 1, e.Partidas)
		require.Equal(t, p.Puntajes[i], pt)
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
	if err == nil { // medio registro puede ser válido: una partida sin terminar
		despues, _ := a.Partidas(ctx, almacen.Filtro{})
		require.Len(t, despues, len(antes)+1)
	} else {
		despues, _ := a.Partidas(ctx, almacen.Filtro{})
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

func TestRechazos(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	_, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: 77}}})
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	_, err = almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: ana.ID}}})
	require.ErrorIs(t, err, almacen.ErrAsientosInvalidos)
	_, err = almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "nada", Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)
	lista, _ := a.Partidas(ctx, almacen.Filtro{})
	require.Empty(t, lista)
	_, err = almacen.Reanudar(ctx, a, c, 12345)
	require.ErrorIs(t, err, almacen.ErrPartidaInexistente)
	require.ErrorIs(t, a.AgregarMovimiento(ctx, 12345, 0, almacen.Movimiento{}, nil), almacen.ErrPartidaInexistente)

	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	// Una jugada inválida no se guarda.
	_, err = m.Ubicar(ctx, ocurrencia.Nueva(ocurrencia.Ficha{Fila: 0, Columna: 0, Letra: 0}))
	require.Error(t, err)
	require.Equal(t, 0, m.Movimientos())
	// Un movimiento fuera de orden es un conflicto.
	require.ErrorIs(t, a.AgregarMovimiento(ctx, m.ID(), 3, almacen.Movimiento{}, nil), almacen.ErrConflicto)
	// Cerrado.
	require.NoError(t, a.Close())
	require.ErrorIs(t, m.Pasar(ctx), almacen.ErrCerrado)
	require.Equal(t, 0, m.Movimientos())
}

func TestArchivosInvalidos(t *testing.T) {
	dir := t.TempDir()
	texto := filepath.Join(dir, "texto.db")
	contenido := bytes.Repeat([]byte("esto no es una base de datos\n"), 200)
	require.NoError(t, os.WriteFile(texto, contenido, 0o644))
	_, err := sqlite.Abrir(texto, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)
	b, _ := os.ReadFile(texto)
	require.Equal(t, contenido, b, "el archivo no cambia")

	// Una base de otra aplicación.
	otra := filepath.Join(dir, "otra.db")
	db, err := sql.Open("sqlite", otra)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE t(x)")
	require.NoError(t, err)
	db.Close()
	_, err = sqlite.Abrir(otra, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)

	// Una base del futuro.
	ruta := filepath.Join(dir, "futura.db")
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	_, err = a.CrearJugador(context.Background(), "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	db, err = sql.Open("sqlite", ruta)
	require.NoError(t, err)
	_, err = db.Exec(fmt.Sprintf("PRAGMA user_version=%d", sqlite.VersionEsquema()+1))
	require.NoError(t, err)
	db.Close()
	_, err = sqlite.Abrir(ruta, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrVersionFutura)
	// Nada se perdió: al volver la versión, ana sigue ahí.
	db, _ = sql.Open("sqlite", ruta)
	_, err = db.Exec(fmt.Sprintf("PRAGMA user_version=%d", sqlite.VersionEsquema()))
	require.NoError(t, err)
	db.Close()
	a, err = sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	_, err = a.JugadorPorNombre(context.Background(), "ana")
	require.NoError(t, err)
	v, err := a.VersionArchivo(context.Background())
	require.NoError(t, err)
	require.Equal(t, sqlite.VersionEsquema(), v)
}

func TestDiccionarios(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	_, err := c.Crear(ctx, "fise", "es-clasica")
	require.ErrorIs(t, err, almacen.ErrNombreRepetido)
	_, err = c.Crear(ctx, "otro", "klingon")
	require.ErrorIs(t, err, almacen.ErrBaseDesconocida)
	_, err = c.Agregar(ctx, "fise", "palabra", "zzqx9")
	require.ErrorIs(t, err, almacen.ErrPalabraInvalida)
	var lerr *letra.ErrorCaracter
	require.ErrorAs(t, err, &lerr)
	d, _ := a.Diccionario(ctx, "fise")
	require.Equal(t, 1, d.Version, "una palabra inválida no cambia nada")
	_, err = c.Agregar(ctx, "nada", "hola")
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)

	alf := letra.EspanolConDigrafos()
	pal := func(s string) []letra.Letra { l, err := alf.Parsear(s); require.NoError(t, err); return l }
	d, err = c.Agregar(ctx, "fise", "zzqx")
	require.NoError(t, err)
	require.Equal(t, 2, d.Version)
	require.Equal(t, 1, d.Agregadas)
	if testing.Short() {
		return // reconstruir el DAWG del español lleva segundos
	}
	v2, dur, err := c.VarianteMedida(ctx, "fise", 2)
	require.NoError(t, err)
	t.Logf("agregar una palabra: DAWG reconstruido en %v", dur)
	require.True(t, v2.PalabraLegitima(pal("zzqx")))
	d, err = c.Quitar(ctx, "fise", "casa")
	require.NoError(t, err)
	require.Equal(t, 3, d.Version)
	v3, dur, err := c.VarianteMedida(ctx, "fise", 3)
	require.NoError(t, err)
	t.Logf("quitar una palabra: DAWG reconstruido en %v", dur)
	require.False(t, v3.PalabraLegitima(pal("casa")))
	require.True(t, v3.PalabraLegitima(pal("zzqx")))
	v1, err := c.Variante(ctx, "fise", 1)
	require.NoError(t, err)
	require.True(t, v1.PalabraLegitima(pal("casa")))
	require.False(t, v1.PalabraLegitima(pal("zzqx")))

	// Una partida recuerda la versión y se reanuda con ella.
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.NoError(t, err)
	require.Equal(t, 3, m.Partida().Version)
	require.ErrorIs(t, a.BorrarDiccionario(ctx, "fise"), almacen.ErrDiccionarioEnUso)
	_, err = c.Agregar(ctx, "fise", "casa")
	require.NoError(t, err)
	r, err := almacen.Reanudar(ctx, a, c, m.ID())
	require.NoError(t, err)
	require.False(t, r.Juego().Variante().PalabraLegitima(pal("casa")))
}

// Muchas gorutinas juegan partidas a la vez sobre el mismo archivo, y leen
// la clasificación mientras tanto.
func TestConcurrencia(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	const partidas = 6
	var wg sync.WaitGroup
	errs := make(chan error, partidas)
	for i := range partidas {
		x, err := a.CrearJugador(ctx, fmt.Sprintf("x%d", i), "es")
		require.NoError(t, err)
		y, err := a.CrearJugador(ctx, fmt.Sprintf("y%d", i), "es")
		require.NoError(t, err)
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(i),
				Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID}}})
			if err != nil {
				errs <- err
				return
			}
			bs := bots(t, m, bot.Avanzado)
			for jugarBot(t, ctx, m, bs[m.Turno()]) {
				if _, err := a.Clasificacion(ctx, clasificacion.PorRating, 10); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	filas, err := a.Clasificacion(ctx, clasificacion.PorTotal, 0)
	require.NoError(t, err)
	require.Len(t, filas, 2*partidas)
	lista, err := a.Partidas(ctx, almacen.Filtro{Estado: almacen.Terminada})
	require.NoError(t, err)
	require.Len(t, lista, partidas)
}
