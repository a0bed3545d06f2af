// Command web es el juego en el navegador: un servidor HTTP y WebSocket que
// aloja muchas partidas a la vez, cada una un servidor.Servidor cuyas
// notificaciones se empujan a sus clientes en cuanto ocurren, guardadas
// jugada a jugada en un almacén SQLite (app/almacen/sqlite). Un
// servidor que se reinicia reanuda cada partida donde quedó, y los
// navegadores se vuelven a conectar solos.
//
// Uso:
//
//	go run ./app/web [-addr 127.0.0.1:8080] [-db archivo] [-ingles lista] [-origen patrón]
//
// Opciones:
//
//	-addr dir      dónde escuchar (por omisión 127.0.0.1:8080; :0 elige un puerto)
//	-db archivo    el almacén SQLite (por omisión palabras-web.db en el
//	               directorio de caché del usuario, o en el temporal)
//	-ingles lista  una lista de palabras inglesas (una por línea, o gzip): sin
//	               ella no se ofrecen partidas en inglés
//	-origen p      otro origen que puede abrir el WebSocket (repetible)
//	-bot d         la pausa antes de cada jugada de un bot (por omisión 700ms)
//
// La página (HTML, CSS y JavaScript, sin paso de compilación) va embebida en
// el binario. Los jugadores entran con su nombre (un perfil del almacén),
// crean o se unen a partidas de 2 a 4 asientos con bots de cualquier
// nivel, juegan, ven la clasificación y sus partidas, y descargan las
// terminadas en GCG. El protocolo está en protocolo.go.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	if err := ejecutar(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
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
	fs.SetOutput(errores)
	addr := fs.String("addr", "127.0.0.1:8080", "dónde escuchar")
	db := fs.String("db", dbPorOmision(), "almacén SQLite")
	ingles := fs.String("ingles", "", "lista de palabras inglesas")
	retardo := fs.Duration("bot", 700*time.Millisecond, "pausa antes de cada jugada de un bot")
	var orig origenes
	fs.Var(&orig, "origen", "otro origen admitido para el WebSocket (repetible)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("argumentos de más: %q (-h para el uso)", fs.Args())
	}
	return servir(ctx, *addr, Opciones{DB: *db, Ingles: *ingles, Origenes: orig, RetardoBot: *retardo, Registro: errores},
		func(url string, s *Sala) {
			fmt.Fprintf(salida, "palabras: %d partidas en curso reanudadas; almacén %s\n", s.Reanudadas(), *db)
			fmt.Fprintf(salida, "Abra %s en el navegador\n", url)
		})
}

// servir abre la sala, escucha en addr y avisa la dirección; atiende hasta
// que ctx se cancela, y entonces cierra ordenadamente.
func servir(ctx context.Context, addr string, op Opciones, avisar func(url string, s *Sala)) error {
	s, err := Abrir(op)
	if err != nil {
		return err
	}
	defer s.Cerrar()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: s.Manejador(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	url := "http://" + ln.Addr().String()
	if a, ok := ln.Addr().(*net.TCPAddr); ok && a.IP.IsUnspecified() {
		url = fmt.Sprintf("http://localhost:%d", a.Port)
	}
	avisar(url, s)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	apagar, cancelar := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelar()
	srv.Shutdown(apagar)
	return nil
}
