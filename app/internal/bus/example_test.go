package bus_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/bus"
)

// Dos procesos encargan el análisis de la misma partida: la cola lo tiene
// una vez.
func ExampleBus_EncargarRevision() {
	dir, err := os.MkdirTemp("", "bus")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	b, err := bus.Embebido(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Cerrar()
	ctx := context.Background()
	fmt.Println(b.EncargarRevision(ctx, 42))
	fmt.Println(b.EncargarRevision(ctx, 42)) // el otro proceso: ya está
	r, err := b.TomarRevision(time.Second)
	if err != nil || r == nil {
		fmt.Println("no llegó:", err)
		return
	}
	fmt.Println("analizar la partida", r.Partida)
	otra, _ := b.TomarRevision(100 * time.Millisecond)
	fmt.Println("otra:", otra != nil)
	fmt.Println(r.Hecho())
	// Output:
	// <nil>
	// <nil>
	// analizar la partida 42
	// otra: false
	// <nil>
}
