// Command web es el juego en el navegador (el paquete app/internal/sitio):
// lee las opciones, abre la sala y la sirve hasta que recibe SIGINT o
// SIGTERM, y entonces cierra ordenadamente.
//
//	go run ./app/cmd/web [-addr 127.0.0.1:8080] [-db archivo] [-ingles lista] [-lista nombre=ruta] [-cert c.pem -clave k.pem]
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
	"strings"
	"syscall"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/sitio"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() {
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	programa.Salir("web", ejecutar(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// listas junta los valores de -lista nombre=ruta.
type listas map[string]string

func (l listas) String() string {
	var partes []string
	for k, v := range l {
		partes = append(partes, k+"="+v)
	}
	return strings.Join(partes, ",")
}

func (l listas) Set(s string) error {
	nombre, ruta, ok := strings.Cut(s, "=")
	if !ok || nombre == "" || ruta == "" {
		return fmt.Errorf("%q: vale nombre=ruta (una variante descrita y su lista de palabras)", s)
	}
	l[nombre] = ruta
	return nil
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
	fs.StringVar(&op.DB, "db", dbPorOmision(), "almacén SQLite")
	fs.StringVar(&op.Ingles, "ingles", "", "lista de palabras inglesas")
	op.Listas = listas{}
	fs.Var(listas(op.Listas), "lista", "otra variante descrita y su lista de palabras, nombre=ruta (repetible; frances, aleman, catalan, ingles-21…)")
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
	return sitio.Servir(ctx, *addr, op, *cert, *clave, func(url string, s *sitio.Sala) {
		fmt.Fprintf(salida, "palabras: %d partidas en curso reanudadas; almacén %s\n", s.Reanudadas(), op.DB)
		fmt.Fprintf(salida, "Abra %s en el navegador\n", url)
	})
}
