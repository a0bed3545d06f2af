package revision_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/revision"
)

// Una partida que los dos jugadores pasaron hasta el final: Revisar la
// analiza y guarda el análisis, y la segunda vez no lo calcula de nuevo.
func ExampleRevisar() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "revision")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	a, err := sqlite.Abrir(filepath.Join(dir, "ejemplo.db"), sqlite.Opciones{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	if _, err := cat.Asegurar(ctx, "es-clasica", "es-clasica"); err != nil {
		fmt.Println(err)
		return
	}
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		if _, fin := m.Terminada(); fin {
			break
		}
		if err := m.Pasar(ctx); err != nil {
			fmt.Println(err)
			return
		}
	}

	fmt.Println(revision.Revisar(ctx, a, cat, m.ID(), nil))
	fmt.Println(revision.Revisar(ctx, a, cat, m.ID(), nil))
	datos, version, _ := a.Revision(ctx, m.ID())
	var r revision.Analisis
	json.Unmarshal(datos, &r)
	primero := r.Turnos[0]
	fmt.Println(version, len(r.Turnos), primero.Jugada.Tipo, primero.Mejores[0].Tipo, primero.Mejores[0].Palabra, primero.Perdida)
	// Output:
	// true <nil>
	// false <nil>
	// 2 6 pase jugada PUDUS 29.1
}
