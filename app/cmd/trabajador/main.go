// Command trabajador juega los bots del sitio repartido y analiza sus
// partidas terminadas (app/internal/trabajador): toma de las colas de NATS
// las jugadas de bot y los análisis que encargan los procesos web, los
// hace y los guarda en la base compartida. Se pueden correr tantos como se
// quiera, en otras máquinas; uno que muere deja sus trabajos a los demás.
//
//	go run ./app/cmd/trabajador -nats nats://nats:4222 -db postgres://… [-n 2] [-revisores 1] [-ingles lista]
//
// -n es cuántas jugadas piensa a la vez (cada una usa un núcleo: con
// GOMAXPROCS se le da su parte de la máquina); -revisores, cuántas
// partidas analiza a la vez además (0: ninguna, los análisis quedan para
// otros trabajadores). -nats y -db también se leen
// de PALABRAS_NATS y PALABRAS_DB. Sale con 0 cuando recibe SIGINT o
// SIGTERM (después de terminar o devolver lo que hacía), 1 si falló y 2 si
// las opciones son incorrectas.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() {
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	programa.Salir("trabajador", ejecutar(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func ejecutar(ctx context.Context, args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("trabajador", flag.ContinueOnError)
	url := fs.String("nats", os.Getenv("PALABRAS_NATS"), "servidor NATS con JetStream (nats://…) [PALABRAS_NATS]")
	db := fs.String("db", os.Getenv("PALABRAS_DB"), "la base del sitio: URL postgres:// (o un archivo SQLite en la misma máquina) [PALABRAS_DB]")
	var op trabajador.Opciones
	fs.IntVar(&op.N, "n", 1, "jugadas que piensa a la vez")
	fs.IntVar(&op.Revisores, "revisores", 1, "partidas terminadas que analiza a la vez (0: ninguna)")
	fs.DurationVar(&op.Plazo, "plazo-bot", 5*time.Second, "tiempo de un bot para cada jugada (el mismo que los procesos web)")
	ingles := fs.String("ingles", "", "lista de palabras inglesas (la misma que los procesos web)")
	listas := trabajador.Listas{}
	fs.Var(listas, "lista", "otra variante descrita y su lista, nombre=ruta (repetible; las mismas que los procesos web)")
	if ayuda, err := programa.Leer(fs, args, salida, "Uso: trabajador -nats URL -db URL [opciones]",
		"Juega los bots del sitio y analiza sus partidas: toma los trabajos encargados en NATS y los guarda en la base."); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", fs.Args())
	}
	if *url == "" || *db == "" {
		return programa.DeUso("faltan -nats y -db (o PALABRAS_NATS y PALABRAS_DB)")
	}
	if op.Revisores < 0 {
		return programa.DeUso("-revisores no puede ser negativo")
	}
	if op.Revisores == 0 {
		op.Revisores = -1 // trabajador.Opciones: negativo, ninguno
	}
	if op.N < 1 {
		return programa.DeUso("-n debe ser al menos 1")
	}
	bases, err := trabajador.Bases(*ingles)
	if err != nil {
		return err
	}
	descritas, err := trabajador.BasesDescritas(listas)
	if err != nil {
		return err
	}
	bases = append(bases, descritas...)
	actx, cancelar := context.WithTimeout(ctx, time.Minute)
	a, err := abrir.Abrir(actx, *db)
	cancelar()
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := bus.Conectar(*url, "palabras-trabajador")
	if err != nil {
		return err
	}
	defer b.Cerrar()
	op.Registro = errores
	fmt.Fprintf(salida, "trabajador: %d a la vez, %d análisis a la vez, esperando trabajos\n", op.N, max(op.Revisores, 0))
	return trabajador.Servir(ctx, b, a, almacen.NuevoCatalogo(a, bases...), op)
}
