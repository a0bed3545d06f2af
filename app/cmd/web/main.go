// Command web es el juego en el navegador (el paquete app/internal/sitio):
// lee las opciones, abre la sala y la sirve hasta que recibe SIGINT o
// SIGTERM, y entonces cierra ordenadamente.
//
//	go run ./app/cmd/web [-addr 127.0.0.1:8080] [-db archivo] [-ingles lista] [-lista nombre=ruta] [-cert c.pem -clave k.pem]
//
// Por omisión es un solo proceso: el almacén SQLite y un servidor NATS
// embebido, sin puertos, con los trabajadores de bots y de análisis dentro.
// Repartido en varias máquinas, cada proceso web se apunta a la misma base
// PostgreSQL, al mismo NATS y a la misma clave de las sesiones, y los bots
// y el análisis de las partidas terminadas los hacen trabajadores aparte
// (app/cmd/trabajador):
//
//	web -addr :8080 -db postgres://… -nats nats://… -secreto /ruta/compartida.clave -trabajadores 0
//
// (o con PALABRAS_DB, PALABRAS_NATS y PALABRAS_SECRETO en el entorno).
//
// Cada cota tiene una opción: conexiones en total (-conexiones) y por
// dirección (-por-direccion), plazos de saludo (-saludo) e inactividad
// (-inactividad), mensajes por conexión (-mensajes, -rafaga; quien sigue
// inundando se desconecta), pedidos por dirección (-api, -altas,
// -intentos), mesas abiertas por jugador y su vida (-mesas, -vida-mesa) y
// la vida de las sesiones (-vida-sesion); -h las lista con sus valores por
// omisión. Sale con 0 si terminó (o con -h), 1 si falló y 2 si las opciones
// son incorrectas.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/sitio"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() {
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	programa.Salir("web", ejecutar(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// origenes junta los valores de -origen.
type origenes []string

func (o *origenes) String() string     { return strings.Join(*o, ",") }
func (o *origenes) Set(s string) error { *o = append(*o, s); return nil }

// dbPorOmision es palabras-web.db en el directorio de caché del usuario, o
// en el temporal.
func dbPorOmision() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "palabras", "palabras-web.db")
}

func ejecutar(ctx context.Context, args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	var op sitio.Opciones
	addr := fs.String("addr", "127.0.0.1:8080", "dónde escuchar")
	fs.StringVar(&op.DB, "db", entorno("PALABRAS_DB", dbPorOmision()), "almacén: archivo SQLite o URL postgres:// [PALABRAS_DB]")
	natsURL := fs.String("nats", os.Getenv("PALABRAS_NATS"), "servidor NATS con JetStream (nats://…) que une los procesos web y los trabajadores; vacío: uno embebido, sin puertos [PALABRAS_NATS]")
	fs.StringVar(&op.Secreto, "secreto", os.Getenv("PALABRAS_SECRETO"), "archivo de la clave de las sesiones, el mismo en todos los procesos (con SQLite, por omisión al lado de la base) [PALABRAS_SECRETO]")
	fs.IntVar(&op.Trabajadores, "trabajadores", -1, "trabajadores de bots dentro de este proceso, más uno de análisis si no es 0 (-1: 2 por núcleo con el NATS embebido, ninguno con uno externo)")
	fs.DurationVar(&op.PlazoBot, "plazo-bot", 5*time.Second, "tiempo de un bot para cada jugada")
	fs.StringVar(&op.Ingles, "ingles", "", "lista de palabras inglesas")
	op.Listas = trabajador.Listas{}
	fs.Var(trabajador.Listas(op.Listas), "lista", "otra variante descrita y su lista de palabras, nombre=ruta (repetible; frances, aleman, catalan, ingles-21…)")
	fs.DurationVar(&op.RetardoBot, "bot", 700*time.Millisecond, "pausa antes de cada jugada de un bot")
	cert := fs.String("cert", "", "certificado TLS (PEM): sirve HTTPS, con cookies Secure")
	clave := fs.String("clave", "", "clave del certificado TLS (PEM)")
	fs.Var((*origenes)(&op.Origenes), "origen", "otro origen admitido (repetible)")
	fs.IntVar(&op.MaxConexiones, "conexiones", 4096, "conexiones TCP abiertas a la vez, en total")
	fs.IntVar(&op.ConexionesPorDireccion, "por-direccion", 64, "conexiones abiertas a la vez de una dirección")
	fs.DurationVar(&op.Saludo, "saludo", 10*time.Second, "plazo para las cabeceras HTTP y el primer mensaje del WebSocket")
	fs.DurationVar(&op.Inactividad, "inactividad", 15*time.Minute, "un WebSocket sin mensajes del cliente se cierra tras")
	fs.Float64Var(&op.MensajesPorSegundo, "mensajes", 20, "mensajes por segundo de cada WebSocket")
	fs.IntVar(&op.Rafaga, "rafaga", 40, "ráfaga de mensajes de cada WebSocket")
	fs.Float64Var(&op.APIPorSegundo, "api", 10, "pedidos por segundo a la API de cada dirección (ráfagas de 60)")
	fs.Float64Var(&op.AltasPorHora, "altas", 20, "cuentas e invitados nuevos por hora de cada dirección")
	fs.Float64Var(&op.IntentosPorMinuto, "intentos", 10, "intentos de entrar por minuto de cada dirección")
	fs.IntVar(&op.MesasPorJugador, "mesas", 3, "mesas abiertas que puede tener esperando un jugador")
	fs.DurationVar(&op.VidaMesa, "vida-mesa", 15*time.Minute, "una mesa que no se llena se cierra tras")
	fs.DurationVar(&op.VidaSesion, "vida-sesion", 30*24*time.Hour, "cuánto dura una sesión")
	if ayuda, err := programa.Leer(fs, args, salida, "Uso: web [opciones]",
		"El juego en el navegador: sirve la página, la API y el WebSocket, y guarda todo en el almacén."); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", fs.Args())
	}
	if (*cert == "") != (*clave == "") {
		return programa.DeUso("-cert y -clave van juntas")
	}
	op.Registro = errores
	cerrar, err := conectar(*natsURL, &op)
	if err != nil {
		return err
	}
	defer cerrar()
	return sitio.Servir(ctx, *addr, op, *cert, *clave, func(url string, s *sitio.Sala) {
		fmt.Fprintf(salida, "palabras: %d partidas en curso reanudadas; almacén %s\n", s.Reanudadas(), op.DB)
		fmt.Fprintf(salida, "Abra %s en el navegador\n", url)
	})
}

// entorno es la variable de entorno v, o porOmision si no está.
func entorno(v, porOmision string) string {
	if x := os.Getenv(v); x != "" {
		return x
	}
	return porOmision
}

// conectar abre el bus de op: el NATS de url, o uno embebido si es vacía
// (con su directorio temporal), y completa los trabajadores locales por
// omisión. Devuelve cómo cerrarlo.
func conectar(url string, op *sitio.Opciones) (func(), error) {
	if url != "" {
		op.Trabajadores = max(op.Trabajadores, 0)
		b, err := bus.Conectar(url, "palabras-web")
		if err != nil {
			return nil, err
		}
		op.Bus = b
		return b.Cerrar, nil
	}
	if op.Trabajadores < 0 {
		op.Trabajadores = 2 * runtime.GOMAXPROCS(0)
	}
	dir, err := os.MkdirTemp("", "palabras-nats")
	if err != nil {
		return nil, err
	}
	b, err := bus.Embebido(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	op.Bus = b
	return func() { b.Cerrar(); os.RemoveAll(dir) }, nil
}
