package carga

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/sitio"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// Variables de entorno con que Correr vuelve a ejecutar este mismo binario
// como un proceso web o un trabajador.
const (
	VarRol  = "PALABRAS_CARGA_ROL" // "web" o "trabajador"
	varDir  = "PALABRAS_CARGA_DIR" // dónde avisa que está listo (y su URL)
	varDB   = "PALABRAS_CARGA_DB"
	varNATS = "PALABRAS_CARGA_NATS"
	varClav = "PALABRAS_CARGA_SECRETO"
	varN    = "PALABRAS_CARGA_N" // jugadas a la vez de un trabajador
	// VarPerfil, si no está vacía, es la carpeta donde cada hijo escribe
	// su perfil de CPU (rol-pid.prof, para go tool pprof) al terminar.
	VarPerfil = "PALABRAS_CARGA_PERFIL"
)

// SemillaGuion es la semilla de la bolsa de todas las partidas de los
// procesos web de la carga: así cada cliente sabe de antemano una partida
// válida entera.
const SemillaGuion = 7

// Hijo hace el papel de proceso hijo si este proceso se ejecutó como uno
// (la variable VarRol): sirve hasta que lo matan y devuelve (código de
// salida, true). Si no, devuelve (0, false) sin hacer nada. El programa
// que usa Correr debe llamarlo al empezar (y salir con ese código si es
// un hijo).
func Hijo() (int, bool) {
	rol := os.Getenv(VarRol)
	if rol == "" {
		return 0, false
	}
	dir, db := os.Getenv(varDir), os.Getenv(varDB)
	b, err := bus.Conectar(os.Getenv(varNATS), "carga-"+rol)
	if err != nil {
		fmt.Fprintln(os.Stderr, rol+":", err)
		return 1, true
	}
	avisar := func(contenido string) {
		os.WriteFile(filepath.Join(dir, "listo.tmp"), []byte(contenido), 0o644)
		os.Rename(filepath.Join(dir, "listo.tmp"), filepath.Join(dir, "listo"))
	}
	ctx := context.Background()
	if dirPerfil := os.Getenv(VarPerfil); dirPerfil != "" {
		if f, err := os.Create(filepath.Join(dirPerfil, fmt.Sprintf("%s-%d.prof", rol, os.Getpid()))); err == nil && pprof.StartCPUProfile(f) == nil {
			// matar avisa con SIGTERM antes del SIGKILL: el perfil se
			// cierra entonces.
			senal := make(chan os.Signal, 1)
			signal.Notify(senal, syscall.SIGTERM)
			go func() {
				<-senal
				pprof.StopCPUProfile()
				f.Close()
				os.Exit(0)
			}()
		}
	}
	switch rol {
	case "web":
		op := sitio.Opciones{DB: db, Secreto: os.Getenv(varClav), Bus: b, Semilla: func() uint64 { return SemillaGuion },
			Registro: os.Stderr, MensajesPorSegundo: 100, Rafaga: 200, SinAnalisis: true,
			APIPorSegundo: 1e6, APIRafaga: 1e6, AltasPorHora: 1e9, IntentosPorMinuto: 1e9, MesasPorJugador: 1000,
			MesasAbiertas: 100000, ConexionesPorDireccion: 100000, MaxConexiones: 100000}
		err = sitio.Servir(ctx, "127.0.0.1:0", op, "", "", func(url string, s *sitio.Sala) { avisar(url) })
	case "trabajador":
		var a abrir.Almacen
		if a, err = abrir.Abrir(ctx, db); err == nil {
			bases, _ := trabajador.Bases("")
			avisar("listo")
			n, _ := strconv.Atoi(os.Getenv(varN))
			err = trabajador.Servir(ctx, b, a, almacen.NuevoCatalogo(a, bases...), trabajador.Opciones{N: max(n, 1), Registro: os.Stderr})
		}
	default:
		err = fmt.Errorf("rol desconocido %q", rol)
	}
	fmt.Fprintln(os.Stderr, rol+":", err)
	return 1, true
}

// hijo es un proceso hijo en marcha.
type hijo struct {
	rol    string
	cmd    *exec.Cmd
	url    string
	salida salida
}

// salida junta lo que escribe un hijo (para contarlo si falla).
type salida struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *salida) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b.Len() < 1<<16 {
		s.b.Write(p)
	}
	return len(p), nil
}

func (s *salida) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// matar termina el hijo con SIGKILL y lo espera. Si los hijos escriben
// perfiles (VarPerfil), antes le da 5 s desde un SIGTERM para cerrarlo.
func (h *hijo) matar() {
	if os.Getenv(VarPerfil) != "" {
		h.cmd.Process.Signal(syscall.SIGTERM)
		listo := make(chan struct{})
		go func() {
			select {
			case <-listo:
			case <-time.After(5 * time.Second):
				h.cmd.Process.Signal(syscall.SIGKILL)
			}
		}()
		h.cmd.Wait()
		close(listo)
		return
	}
	h.cmd.Process.Signal(syscall.SIGKILL)
	h.cmd.Wait()
}

// entorno son los procesos de una ronda: NATS, la base, los hijos.
type entorno struct {
	db, nats string
	dir      string
	hijos    []*hijo
	cerrar   []func()
}

// nuevoEntorno arranca NATS (con JetStream, en un puerto libre de
// 127.0.0.1) sobre un esquema nuevo de op.DB.
func nuevoEntorno(ctx context.Context, op Opciones) (*entorno, error) {
	e := &entorno{}
	dir, err := os.MkdirTemp("", "palabras-carga-")
	if err != nil {
		return nil, err
	}
	e.dir = dir
	e.cerrar = append(e.cerrar, func() { os.RemoveAll(dir) })
	db, borrar, err := esquema(ctx, op.DB)
	if err != nil {
		e.Cerrar()
		return nil, err
	}
	e.db = db
	e.cerrar = append(e.cerrar, borrar)
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: filepath.Join(dir, "nats"),
		NoLog: true, NoSigs: true})
	if err != nil {
		e.Cerrar()
		return nil, err
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		e.Cerrar()
		return nil, fmt.Errorf("carga: NATS no arrancó")
	}
	e.nats = srv.ClientURL()
	e.cerrar = append(e.cerrar, func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return e, nil
}

// salidas junta lo que escribieron los hijos.
func (e *entorno) salidas() string {
	var b strings.Builder
	for i, h := range e.hijos {
		fmt.Fprintf(&b, "\n[%d] %s", i, h.salida.String())
	}
	return b.String()
}

// Cerrar mata los hijos y borra lo demás, en orden inverso.
func (e *entorno) Cerrar() {
	for _, h := range e.hijos {
		h.matar()
	}
	e.hijos = nil
	for i := len(e.cerrar) - 1; i >= 0; i-- {
		e.cerrar[i]()
	}
	e.cerrar = nil
}

// arrancar arranca un hijo del rol dado con las variables extra y espera
// a que esté listo.
func (e *entorno) arrancar(ctx context.Context, rol string, extra ...string) (*hijo, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(e.dir, rol+"-")
	if err != nil {
		return nil, err
	}
	h := &hijo{rol: rol, cmd: exec.Command(exe)}
	h.cmd.Env = append(os.Environ(), VarRol+"="+rol, varDir+"="+dir, varDB+"="+e.db, varNATS+"="+e.nats,
		varClav+"="+filepath.Join(e.dir, "clave"))
	h.cmd.Env = append(h.cmd.Env, extra...)
	h.cmd.Stdout, h.cmd.Stderr = &h.salida, &h.salida
	if err := h.cmd.Start(); err != nil {
		return nil, err
	}
	e.hijos = append(e.hijos, h)
	limite := time.Now().Add(60 * time.Second)
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "listo")); err == nil {
			h.url = string(b)
			return h, nil
		}
		if time.Now().After(limite) || ctx.Err() != nil {
			return nil, fmt.Errorf("carga: el %s no arrancó: %s", rol, h.salida.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
