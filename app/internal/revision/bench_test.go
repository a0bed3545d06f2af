package revision_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
)

// BenchmarkAnalizar mide el análisis de una partida entera del bot
// codicioso contra sí mismo (español clásico, semilla 7): la CPU que
// cuesta cada partida terminada a quien la analiza (ns-cpu/op, del
// proceso entero) y por turno. Es la que el sitio repartido ya no gasta
// en los procesos web.
func BenchmarkAnalizar(b *testing.B) {
	ctx := context.Background()
	a, err := sqlite.Abrir(filepath.Join(b.TempDir(), "b.db"), sqlite.Opciones{})
	require.NoError(b, err)
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	_, err = cat.Asegurar(ctx, "es-clasica", "es-clasica")
	require.NoError(b, err)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(b, err)
	g, err := cat.Generador(m.Juego().Variante())
	require.NoError(b, err)
	for {
		if _, fin := m.Terminada(); fin {
			break
		}
		j := m.Juego()
		mov := almacen.Movimiento{Tipo: juego.SucesoPase}
		if jg, ok := generador.Mejor(g, j); ok {
			mov = almacen.Movimiento{Tipo: juego.SucesoColocacion, Jugada: jg.Ocurrencia()}
		}
		_, err := m.Jugar(ctx, mov)
		require.NoError(b, err)
	}
	p, err := a.Partida(ctx, m.ID())
	require.NoError(b, err)
	v := m.Juego().Variante()
	turnos := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := pruebas.CPUProceso()
	for b.Loop() {
		r, err := revision.Analizar(ctx, p, v, g, nil)
		if err != nil {
			b.Fatal(err)
		}
		turnos = len(r.Turnos)
	}
	cpu = pruebas.CPUProceso() - cpu
	b.ReportMetric(float64(cpu)/float64(b.N), "ns-cpu/op")
	b.ReportMetric(float64(turnos), "turnos/op")
	b.ReportMetric(float64(cpu)/float64(b.N)/float64(turnos), "ns-cpu/turno")
}
