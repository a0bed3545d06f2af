// Package bus es la conexión del sitio con NATS: los procesos web se
// cuentan por él lo que pasa en las partidas (una jugada guardada, una
// sesión revocada) y encargan las jugadas de los bots y el análisis de las
// partidas terminadas a los trabajadores (app/internal/trabajador) por dos
// colas de trabajo de JetStream.
//
// Un sitio de un solo proceso usa Embebido: un servidor NATS dentro del
// proceso, sin puertos abiertos (la conexión es en memoria). Uno repartido
// usa Conectar con la URL de un servidor NATS con JetStream.
//
// Los asuntos:
//
//	palabras.partida.<id>       una partida cambió: su cantidad de movimientos guardados (Novedad)
//	palabras.sesion.revocar     una sesión se cerró: el resumen de su ficha
//	palabras.bot.<id>           el trabajo de una jugada de bot (Trabajo), en el stream PALABRAS_BOTS
//	palabras.revision.<id>      el análisis de una partida terminada (Revision), en el stream PALABRAS_REVISIONES
//
// El sitio usa además la conexión (Conn) para pedirle al proceso dueño de
// una mesa abierta que siente a alguien en ella (palabras.mesas.<prefijo>,
// palabras.mesas.listar).
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Nombres de los asuntos, el stream y el consumidor.
const (
	AsuntoPartidas = "palabras.partida.*"
	AsuntoRevocar  = "palabras.sesion.revocar"
	AsuntoBots     = "palabras.bot.>"
	StreamBots     = "PALABRAS_BOTS"
	ConsumidorBots = "trabajadores"
	// AsuntoRevisiones, StreamRevisiones y ConsumidorRevisiones son los de
	// la cola de los análisis (EncargarRevision, TomarRevision).
	AsuntoRevisiones     = "palabras.revision.*"
	StreamRevisiones     = "PALABRAS_REVISIONES"
	ConsumidorRevisiones = "revisores"
	// CubetaReclamos es la cubeta clave-valor de JetStream de Reclamar.
	CubetaReclamos = "PALABRAS_RECLAMOS"
	// CubetaCandados es la cubeta clave-valor de JetStream de TomarCandado.
	CubetaCandados = "PALABRAS_CANDADOS"
)

// VidaCandado es cuánto dura un candado (TomarCandado) que nadie suelta: el de un
// proceso que murió con él tomado.
const VidaCandado = 10 * time.Second

// VidaReclamo es cuánto dura un reclamo (Reclamar) si nadie lo suelta.
const VidaReclamo = time.Hour

// EsperaBot es cuánto espera la cola de trabajo una señal de vida de quien
// tomó un trabajo antes de dárselo a otro: el trabajador la da cada
// EsperaBot/4 mientras piensa, y uno que muere deja su trabajo a otro a lo
// sumo EsperaBot después de su última señal.
const EsperaBot = time.Second

// EsperaRevision es lo mismo que EsperaBot para los análisis
// (TomarRevision): quien analiza da señales de vida cada EsperaRevision/4,
// y el análisis de uno que muere lo retoma otro a lo sumo EsperaRevision
// después de su última señal.
const EsperaRevision = 2 * time.Second

// VidaRevision es cuánto espera en la cola un análisis que nadie toma (no
// hay trabajadores): después se descarta, y lo vuelve a encargar el
// próximo repaso de las partidas sin análisis de algún proceso web.
const VidaRevision = 24 * time.Hour

// ErrCerrado lo devuelve un Bus ya cerrado.
var ErrCerrado = errors.New("bus: cerrado")

// Bus es una conexión a NATS con la cola de trabajo de los bots preparada.
// Es segura para usar desde varias gorutinas.
type Bus struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	cons jetstream.Consumer
	revs jetstream.Consumer
	kv   jetstream.KeyValue
	cand jetstream.KeyValue
	srv  *server.Server // el embebido, o nil
}

// Embebido arranca un servidor NATS con JetStream dentro del proceso, sin
// escuchar en ningún puerto, y se conecta a él en memoria. dir es donde
// JetStream guardaría sus archivos (el stream de los bots vive en memoria:
// no escribe nada).
func Embebido(dir string) (*Bus, error) {
	op := &server.Options{ServerName: "palabras", DontListen: true, JetStream: true, StoreDir: dir,
		NoLog: true, NoSigs: true}
	srv, err := server.NewServer(op)
	if err != nil {
		return nil, fmt.Errorf("bus: servidor embebido: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("bus: el servidor embebido no arrancó en 10 s")
	}
	nc, err := nats.Connect("", nats.InProcessServer(srv), nats.Name("palabras"))
	if err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("bus: %w", err)
	}
	b, err := preparar(nc)
	if err != nil {
		nc.Close()
		srv.Shutdown()
		return nil, err
	}
	b.srv = srv
	return b, nil
}

// Conectar se conecta al servidor NATS de url (nats://máquina:4222, o
// varias separadas por comas), que debe tener JetStream, y prepara el
// stream de los bots si no existe. La conexión se rehace sola si se corta.
func Conectar(url, nombre string) (*Bus, error) {
	nc, err := nats.Connect(url, nats.Name(nombre), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
	if err != nil {
		return nil, fmt.Errorf("bus: %w", err)
	}
	b, err := preparar(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return b, nil
}

// preparar crea (o actualiza) los streams y consumidores de los bots y
// los análisis, y las cubetas.
func preparar(nc *nats.Conn) (*Bus, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("bus: %w", err)
	}
	ctx, cancelar := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelar()
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: StreamBots, Subjects: []string{AsuntoBots},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.MemoryStorage, Duplicates: time.Minute,
		MaxAge: 10 * time.Minute}); err != nil {
		return nil, fmt.Errorf("bus: stream %s: %w", StreamBots, err)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, StreamBots, jetstream.ConsumerConfig{Durable: ConsumidorBots,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: EsperaBot, MaxDeliver: -1, MaxAckPending: 10000})
	if err != nil {
		return nil, fmt.Errorf("bus: consumidor %s: %w", ConsumidorBots, err)
	}
	// Los análisis: a lo sumo un mensaje por asunto (por partida), y el
	// que sobra se rechaza al publicarlo (EncargarRevision); en una cola de
	// trabajo el mensaje sigue en el stream hasta que quien lo tomó lo da
	// por hecho, así que mientras se analiza nadie puede encargarlo de
	// nuevo.
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: StreamRevisiones, Subjects: []string{AsuntoRevisiones},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.MemoryStorage, MaxAge: VidaRevision,
		MaxMsgsPerSubject: 1, Discard: jetstream.DiscardNew, DiscardNewPerSubject: true}); err != nil {
		return nil, fmt.Errorf("bus: stream %s: %w", StreamRevisiones, err)
	}
	revs, err := js.CreateOrUpdateConsumer(ctx, StreamRevisiones, jetstream.ConsumerConfig{Durable: ConsumidorRevisiones,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: EsperaRevision, MaxDeliver: -1, MaxAckPending: 10000})
	if err != nil {
		return nil, fmt.Errorf("bus: consumidor %s: %w", ConsumidorRevisiones, err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: CubetaReclamos, TTL: VidaReclamo,
		Storage: jetstream.MemoryStorage, History: 1})
	if err != nil {
		return nil, fmt.Errorf("bus: cubeta %s: %w", CubetaReclamos, err)
	}
	cand, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: CubetaCandados, TTL: VidaCandado,
		Storage: jetstream.MemoryStorage, History: 1})
	if err != nil {
		return nil, fmt.Errorf("bus: cubeta %s: %w", CubetaCandados, err)
	}
	return &Bus{nc: nc, js: js, cons: cons, revs: revs, kv: kv, cand: cand}, nil
}

// Reclamar anota valor en clave si nadie la reclamó antes (en cualquier
// proceso: lo decide el servidor NATS, de a uno), y devuelve el valor que
// quedó, el propio o el del primero, y su revisión (para Soltar). Los
// reclamos vencen solos a VidaReclamo. La clave es de letras, dígitos,
// '-', '_', '=' y '.'.
func (b *Bus) Reclamar(ctx context.Context, clave string, valor int64) (int64, uint64, error) {
	for range 3 {
		rev, err := b.kv.Create(ctx, clave, []byte(strconv.FormatInt(valor, 10)))
		if err == nil {
			return valor, rev, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return 0, 0, fmt.Errorf("bus: reclamando %s: %w", clave, err)
		}
		e, err := b.kv.Get(ctx, clave)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // lo soltaron entre medio: otra vez
		}
		if err != nil {
			return 0, 0, fmt.Errorf("bus: reclamando %s: %w", clave, err)
		}
		v, err := strconv.ParseInt(string(e.Value()), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("bus: reclamando %s: valor %q", clave, e.Value())
		}
		return v, e.Revision(), nil
	}
	return 0, 0, fmt.Errorf("bus: reclamando %s: cambia sin parar", clave)
}

// Soltar borra el reclamo de clave si todavía es el de la revisión rev
// (quien lo ganó ya no lo sostiene: su mesa venció, su proceso murió).
func (b *Bus) Soltar(ctx context.Context, clave string, rev uint64) error {
	err := b.kv.Delete(ctx, clave, jetstream.LastRevision(rev))
	if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		var api *jetstream.APIError
		if errors.As(err, &api) && api.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence {
			return nil // ya es otro
		}
		return fmt.Errorf("bus: soltando %s: %w", clave, err)
	}
	return nil
}

// TomarCandado espera a tener el candado clave, que tiene a lo sumo uno a la vez
// entre todos los procesos (lo decide el servidor NATS), y devuelve la
// función que lo suelta. Quien lo tiene debe soltarlo pronto: si no lo
// suelta (su proceso murió), vence solo a VidaCandado. Devuelve el error de
// ctx si se cansa de esperar, sin tenerlo. La clave es de letras, dígitos,
// '-', '_', '=' y '.'.
func (b *Bus) TomarCandado(ctx context.Context, clave string) (func(), error) {
	espera := time.Millisecond
	for {
		rev, err := b.cand.Create(ctx, clave, nil)
		if err == nil {
			return func() {
				ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancelar()
				b.cand.Delete(ctx, clave, jetstream.LastRevision(rev)) // si falla, vence solo
			}, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return nil, fmt.Errorf("bus: tomando %s: %w", clave, err)
		}
		t := time.NewTimer(espera + time.Duration(rand.Int64N(int64(espera))))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		espera = min(2*espera, 20*time.Millisecond)
	}
}

// Conn devuelve la conexión NATS.
func (b *Bus) Conn() *nats.Conn { return b.nc }

// Cerrar cierra la conexión, y el servidor si es embebido.
func (b *Bus) Cerrar() {
	b.nc.Drain()
	b.nc.Close()
	if b.srv != nil {
		b.srv.Shutdown()
		b.srv.WaitForShutdown()
	}
}

// Novedad dice que la partida Partida tiene N movimientos guardados: quien
// la tenga en memoria con menos lee los que le faltan del almacén.
//
// Si Movs no es nil, son los movimientos nuevos, desde el número Desde
// (almacen.CodificarMovimientos): quien tiene exactamente Desde los repite
// sin leer el almacén.
type Novedad struct {
	Partida int64  `json:"p"`
	N       int    `json:"n"`
	Desde   int    `json:"d,omitempty"`
	Movs    []byte `json:"m,omitempty"`
	// Enviada es cuándo se publicó (UnixNano), para medir la demora.
	Enviada int64 `json:"t"`
}

// Anunciar publica la novedad (sin esperar confirmación: quien se la
// pierde la recupera al leer el almacén).
func (b *Bus) Anunciar(n Novedad) error {
	n.Enviada = time.Now().UnixNano()
	datos, _ := json.Marshal(n)
	return b.nc.Publish("palabras.partida."+strconv.FormatInt(n.Partida, 10), datos)
}

// Novedades llama a f con cada novedad de cualquier partida (en la
// gorutina de la suscripción: f no debe bloquearse).
func (b *Bus) Novedades(f func(Novedad)) (*nats.Subscription, error) {
	return b.nc.Subscribe(AsuntoPartidas, func(m *nats.Msg) {
		var n Novedad
		if json.Unmarshal(m.Data, &n) == nil {
			f(n)
		}
	})
}

// Revocar avisa a todos los procesos que la sesión de ese resumen se
// cerró.
func (b *Bus) Revocar(resumen []byte) error {
	return b.nc.Publish(AsuntoRevocar, resumen)
}

// Revocaciones llama a f con el resumen de cada sesión revocada, también
// las que revocó este proceso.
func (b *Bus) Revocaciones(f func(resumen []byte)) (*nats.Subscription, error) {
	return b.nc.Subscribe(AsuntoRevocar, func(m *nats.Msg) { f(m.Data) })
}

// Trabajo es una jugada de bot por hacer: la del asiento Asiento, de nivel
// Nivel, cuando la partida tiene N movimientos guardados. NoAntes
// (UnixNano) es la pausa antes de jugar, para que se vea.
type Trabajo struct {
	Partida int64  `json:"p"`
	N       int    `json:"n"`
	Asiento int    `json:"a"`
	Nivel   string `json:"nivel"`
	NoAntes int64  `json:"no_antes,omitempty"`
	// Desde y Movs, si Movs no es nil, son los últimos movimientos
	// guardados, desde el número Desde hasta N−1
	// (almacen.CodificarMovimientos): un trabajador que recuerda la
	// partida con Desde movimientos los repite sin leer el almacén.
	Desde int    `json:"d,omitempty"`
	Movs  []byte `json:"m,omitempty"`
	// Ultima (UnixNano), si no es 0, es cuándo se guardó el movimiento
	// N−1: desde ahí corre el reloj del bot.
	Ultima int64 `json:"u,omitempty"`
}

// Encargar pone el trabajo en la cola. intento distingue los pedidos
// repetidos del mismo trabajo: los del mismo intento (de varios procesos
// que tienen la partida) la cola los guarda una sola vez.
func (b *Bus) Encargar(ctx context.Context, t Trabajo, intento int) error {
	datos, _ := json.Marshal(t)
	id := fmt.Sprintf("%d.%d.%d", t.Partida, t.N, intento)
	_, err := b.js.Publish(ctx, "palabras.bot."+strconv.FormatInt(t.Partida, 10), datos, jetstream.WithMsgID(id))
	return err
}

// Pedido es un trabajo tomado de la cola: hay que terminarlo con Hecho o
// Devolver, y dar señales de vida con Sigo mientras dura.
type Pedido struct {
	Trabajo Trabajo
	tomado
}

// tomado es un mensaje tomado de una cola de trabajo.
type tomado struct{ msg jetstream.Msg }

// tomar espera hasta espera un mensaje de la cola de trabajo de c. Sin
// mensaje devuelve (nil, nil); con la conexión cerrada, ErrCerrado.
func tomar(c jetstream.Consumer, espera time.Duration) (jetstream.Msg, error) {
	m, err := c.Next(jetstream.FetchMaxWait(espera))
	switch {
	case errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages):
		return nil, nil
	case errors.Is(err, nats.ErrConnectionClosed):
		return nil, ErrCerrado
	}
	return m, err
}

// Tomar espera hasta espera un trabajo de la cola. Sin trabajo devuelve
// (nil, nil).
func (b *Bus) Tomar(espera time.Duration) (*Pedido, error) {
	m, err := tomar(b.cons, espera)
	if m == nil || err != nil {
		return nil, err
	}
	p := &Pedido{tomado: tomado{m}}
	if err := json.Unmarshal(m.Data(), &p.Trabajo); err != nil {
		m.Term() // nunca se va a poder hacer
		return nil, nil
	}
	return p, nil
}

// Sigo avisa a la cola que el trabajo sigue en marcha.
func (t tomado) Sigo() error { return t.msg.InProgress() }

// Hecho lo saca de la cola.
func (t tomado) Hecho() error { return t.msg.Ack() }

// Devolver lo devuelve a la cola para que lo tome otro después de demora.
func (t tomado) Devolver(demora time.Duration) error { return t.msg.NakWithDelay(demora) }

// Revision es el análisis de la partida terminada Partida, tomado de la
// cola (TomarRevision): como un Pedido, hay que terminarlo con Hecho o
// Devolver, y dar señales de vida con Sigo mientras dura.
type Revision struct {
	Partida int64 `json:"p"`
	tomado
}

// EncargarRevision pone en la cola el análisis de la partida terminada id.
// La cola tiene a lo sumo un análisis de cada partida, esperando o tomado
// por alguien que todavía no lo terminó: si ya lo tiene, no agrega otro y
// devuelve nil (lo encargan a la vez varios procesos, o uno lo vuelve a
// encargar mientras otro lo hace).
func (b *Bus) EncargarRevision(ctx context.Context, id int64) error {
	datos, _ := json.Marshal(struct {
		Partida int64 `json:"p"`
	}{id})
	_, err := b.js.Publish(ctx, "palabras.revision."+strconv.FormatInt(id, 10), datos)
	var api *jetstream.APIError
	if errors.As(err, &api) && strings.Contains(api.Description, "maximum messages per subject") {
		return nil // ya está en la cola
	}
	if err != nil {
		return fmt.Errorf("bus: encargando el análisis de %d: %w", id, err)
	}
	return nil
}

// TomarRevision espera hasta espera un análisis de la cola. Sin trabajo
// devuelve (nil, nil). Quien lo toma da señales de vida (Sigo) al menos
// cada EsperaRevision/4: si no, la cola se lo da a otro.
func (b *Bus) TomarRevision(espera time.Duration) (*Revision, error) {
	m, err := tomar(b.revs, espera)
	if m == nil || err != nil {
		return nil, err
	}
	r := &Revision{tomado: tomado{m}}
	if err := json.Unmarshal(m.Data(), r); err != nil || r.Partida <= 0 {
		m.Term() // nunca se va a poder hacer
		return nil, nil
	}
	return r, nil
}
