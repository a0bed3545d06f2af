package trabajador_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// Un trabajador sobre un NATS embebido y un almacén SQLite hace el
// análisis encargado de una partida terminada.
func ExampleServir() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "trabajador")
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
	for { // los dos pasan hasta el final
		if _, fin := m.Terminada(); fin {
			break
		}
		m.Pasar(ctx)
	}
	b, err := bus.Embebido(filepath.Join(dir, "nats"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Cerrar()
	b.EncargarRevision(ctx, m.ID())

	sctx, parar := context.WithCancel(ctx)
	hecha := make(chan int64, 1)
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(sctx, b, a, cat, trabajador.Opciones{Registro: io.Discard,
			Revisadas: func(id int64) { hecha <- id }})
	}()
	fmt.Println("analizada:", <-hecha == m.ID())
	parar()
	fmt.Println(<-listo)
	_, version, err := a.Revision(ctx, m.ID())
	fmt.Println(version, err)
	// Output:
	// analizada: true
	// <nil>
	// 2 <nil>
}
