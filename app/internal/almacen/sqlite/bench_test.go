package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
)

// BenchmarkPartidaGuardada juega una partida clásica en español entre dos
// bots codiciosos guardándola jugada a jugada (una transacción por jugada,
// la última con las estadísticas y los ratings). Objetivo: ≤ 50 ms por
// partida.
func BenchmarkPartidaGuardada(b *testing.B) {
	ctx := context.Background()
	a, c, _ := abrir(b)
	x, _ := a.CrearJugador(ctx, "x", "es")
	y, _ := a.CrearJugador(ctx, "y", "es")
	v, err := c.Variante(ctx, "fise", 0)
	require.NoError(b, err)
	var bs [2]*bot.Bot
	for i := range bs {
		g, err := catalogoComun.Generador(v)
		require.NoError(b, err)
		bs[i], _ = bot.Nuevo(bot.Avanzado, g)
	}
	movs := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(i),
			Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID}}})
		require.NoError(b, err)
		for contrato.JugarBot(b, ctx, m, bs[m.Turno()]) {
		}
		movs += m.Movimientos()
	}
	b.ReportMetric(float64(movs)/float64(b.N), "jugadas/partida")
}

// BenchmarkClasificacion10000 pide la clasificación entera de 10.000
// jugadores, ordenada por cada criterio: "fria" invalida la caché antes de
// cada pedido (lee del archivo con el índice), "caliente" no. Objetivo:
// ≤ 10 ms.
func BenchmarkClasificacion10000(b *testing.B) {
	for _, fria := range []bool{true, false} {
		nombre := map[bool]string{true: "fria", false: "caliente"}[fria]
		b.Run(nombre, func(b *testing.B) { benchClasificacion(b, fria) })
	}
}

func benchClasificacion(b *testing.B, fria bool) {
	ctx := context.Background()
	_, _, ruta := abrir(b)
	// Llenar directamente: 10.000 jugadores con estadísticas al azar.
	db, err := sql.Open("sqlite", ruta)
	require.NoError(b, err)
	tx, err := db.Begin()
	require.NoError(b, err)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 10000 {
		p := 1 + r.IntN(100)
		tot := p * (200 + r.IntN(300))
		_, err := tx.Exec(`INSERT INTO jugadores(nombre, idioma, creado, partidas, victorias, total, maximo, media, rating, desviacion)
			VALUES (?, 'es', 0, ?, ?, ?, ?, ?, ?, 50)`, fmt.Sprintf("j%05d", i), p, r.IntN(p+1), tot, 300+r.IntN(400), float64(tot)/float64(p), 1000+r.Float64()*1000)
		require.NoError(b, err)
	}
	require.NoError(b, tx.Commit())
	db.Close()
	a, _, _ := abrirRuta(b, ruta)
	for c := range 5 { // caché caliente
		_, err := a.Clasificacion(ctx, clasificacion.Criterio(c), 0)
		require.NoError(b, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if fria {
			b.StopTimer()
			_, err := db2(b, ruta).Exec("UPDATE meta SET valor = valor + 1")
			require.NoError(b, err)
			b.StartTimer()
		}
		filas, err := a.Clasificacion(ctx, clasificacion.Criterio(i%5), 0)
		if err != nil || len(filas) != 10000 {
			b.Fatal(err, len(filas))
		}
	}
}

var dbs = map[string]*sql.DB{}

// db2 es una conexión aparte al archivo, para tocarlo por fuera del almacén.
func db2(b *testing.B, ruta string) *sql.DB {
	if db, ok := dbs[ruta]; ok {
		return db
	}
	db, err := sql.Open("sqlite", ruta+"?_pragma=busy_timeout(10000)")
	require.NoError(b, err)
	b.Cleanup(func() { db.Close(); delete(dbs, ruta) })
	dbs[ruta] = db
	return db
}
